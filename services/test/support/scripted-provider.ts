import { readFile, writeFile } from 'node:fs/promises';
import { ALL_SHAPES, type OptionSupport } from '@veo3/contracts/generation-options';
import type { CatalogueEntry } from '../../src/video/catalogue/catalogue-entry';
import {
  ProviderError,
  type ModelCheck,
  type ProviderInput,
  type ProviderJob,
  type ProviderParent,
  type ProviderStatus,
  type VideoProvider,
} from '../../src/video/providers/video-provider';

/** A small valid-looking MP4 header; the pipeline copies bytes, it does not decode them. */
export const FAKE_VIDEO = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(2048, 7)]);

/** What checkParent answers for a parent whose prompt holds "[stale]". */
export const STALE_PARENT = 'The video service no longer holds this video and cannot take it as input.';

/**
 * A provider double driven by markers in the prompt (an edit's instruction counts too): "[fail]",
 * "[reject]", "[hang]", "[429]" (submit is rate limited twice, then works), "[stale]" (checkParent
 * refuses to work on it); otherwise it runs for `runningPolls` polls and succeeds. A generation's
 * video is FAKE_VIDEO; an edit's, FAKE_VIDEO and "edit: <instruction>"; an extension's, its
 * parent's bytes (read from the worker's copy) and "+<seconds>s".
 */
export class ScriptedProvider implements VideoProvider {
  readonly name = 'kie' as const;
  support: OptionSupport = { shapes: ALL_SHAPES, negativePrompt: true, lastFrame: true };
  editing = true;
  extendInstruction = true;
  /** The models it takes a seed for (all by default). */
  seeded = new Set<string>(['veo3', 'veo3-fast-frames', 'omni']);
  readonly submits: ProviderInput[] = [];
  /** The parents checkParent was asked about, with whether their video file could be read then. */
  readonly checkedParents: (ProviderParent & { kind: string; readable: boolean })[] = [];
  /** An edit's or extension's parent video as submit could read it, by task id. */
  readonly parentBytesAtSubmit = new Map<string, Buffer>();
  private readonly polls = new Map<string, number>();
  private rateLimited = 0;

  constructor(private readonly runningPolls = 2) {}

  /** The first three models, as the one provider before the catalogue served them. */
  serves(entry: CatalogueEntry): boolean {
    return ['veo3', 'veo3-fast-frames', 'omni'].includes(entry.id);
  }

  async checkModels(): Promise<ModelCheck> {
    return {
      veo3: { providerModel: 'scripted' },
      'veo3-fast-frames': { providerModel: 'scripted-fast' },
      omni: { providerModel: 'scripted-omni' },
    };
  }

  takesSeed(model: string): boolean {
    return this.seeded.has(model);
  }

  async checkParent(parent: ProviderParent, kind: 'edit' | 'extend'): Promise<string | null> {
    const readable = await readFile(parent.videoPath).then(
      () => true,
      () => false,
    );
    this.checkedParents.push({ ...parent, kind, readable });
    return parent.prompt.includes('[stale]') ? STALE_PARENT : null;
  }

  async submit(input: ProviderInput): Promise<string> {
    if (input.prompt.includes('[429]') && this.rateLimited < 2) {
      this.rateLimited++;
      throw new ProviderError('429 Too Many Requests', true, 0);
    }
    this.submits.push(input);
    if (input.parent) this.parentBytesAtSubmit.set(input.taskId, await readFile(input.parent.videoPath));
    return `job-${input.taskId}`;
  }

  async poll(jobId: string): Promise<ProviderStatus> {
    const input = this.submits.find((s) => `job-${s.taskId}` === jobId);
    const prompt = `${input?.prompt ?? ''} ${input?.instruction ?? ''}`;
    const count = (this.polls.get(jobId) ?? 0) + 1;
    this.polls.set(jobId, count);
    if (prompt.includes('[hang]')) return { state: 'running', message: 'Still thinking' };
    if (count <= this.runningPolls) return { state: 'running', message: `Rendering ${count}` };
    if (prompt.includes('[fail]')) return { state: 'failed', reason: 'The provider gave up' };
    if (prompt.includes('[reject]')) return { state: 'failed', reason: 'violates the content policy', rejected: true };
    return { state: 'succeeded' };
  }

  async download(jobId: string, destination: string, job?: ProviderJob): Promise<void> {
    const input = this.submits.find((s) => `job-${s.taskId}` === jobId);
    if (job?.kind === 'extend' && job.parent) {
      const added = job.durationSeconds - job.parent.durationSeconds;
      await writeFile(destination, Buffer.concat([await readFile(job.parent.videoPath), Buffer.from(`+${added}s`)]));
    } else if (job?.kind === 'edit') {
      await writeFile(destination, Buffer.concat([FAKE_VIDEO, Buffer.from(`edit: ${input?.instruction ?? ''}`)]));
    } else {
      await writeFile(destination, FAKE_VIDEO);
    }
  }
}
