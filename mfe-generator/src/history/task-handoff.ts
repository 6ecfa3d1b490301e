import type { PublicVideoTask } from '@veo3/contracts/video';

/** The generator's address; it fills its form from `from` (SPEC §2 'From History'). */
const GENERATOR_PATH = '/text-to-veo3-video';

/**
 * Reuse: the generator in the task's own mode (image when it was made from a picture), filled from the
 * task; a video made from an effect is made again on the effect's page (its prompt is the effect's).
 */
export function reuseUrl(task: Pick<PublicVideoTask, 'id' | 'image_url' | 'effect'>): string {
  if (task.effect) return `/effects/${encodeURIComponent(task.effect.slug)}`;
  const params = new URLSearchParams({ type: task.image_url ? 'image' : 'text', from: task.id });
  return `${GENERATOR_PATH}?${params}`;
}

/** The generator in the task's own tab, not filled from it: its feed shows the user's latest videos. */
export function generatorUrl(task: Pick<PublicVideoTask, 'image_url'>): string {
  return `${GENERATOR_PATH}?${new URLSearchParams({ type: task.image_url ? 'image' : 'text' })}`;
}

/** Remix is offered only for a finished video with a still, which becomes the first frame. */
export function canRemix(task: Pick<PublicVideoTask, 'status' | 'poster_url'>): boolean {
  return task.status === 'completed' && Boolean(task.poster_url);
}

/** Remix: image mode with the video's still as the first frame, the prompt and format from the task. */
export function remixUrl(task: Pick<PublicVideoTask, 'id'>): string {
  const params = new URLSearchParams({ type: 'image', from: task.id, remix: '1' });
  return `${GENERATOR_PATH}?${params}`;
}

/**
 * Edit or Extend a version (a branch from it): the generator shows that version with its form open
 * (`?edit=` or `?extend=`), in the tab it was made in.
 */
export function followUpUrl(task: Pick<PublicVideoTask, 'id' | 'image_url'>, kind: 'edit' | 'extend'): string {
  const params = new URLSearchParams({ type: task.image_url ? 'image' : 'text', [kind]: task.id });
  return `${GENERATOR_PATH}?${params}`;
}

/** Longer prompts are cut in the actions' names: enough to tell the videos apart. */
const SHORT_PROMPT = 60;

/** The prompt on one line, cut at a word before SHORT_PROMPT characters when longer. */
export function shortPrompt(prompt: string): string {
  const text = prompt.trim().replace(/\s+/g, ' ');
  if (text.length <= SHORT_PROMPT) return text;
  const cut = text.slice(0, SHORT_PROMPT);
  const space = cut.lastIndexOf(' ');
  return `${(space > SHORT_PROMPT / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
