import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { frameSize, type VideoShape } from '@veo3/contracts/generation-options';
import { captionLayer } from './caption.layer';
import { editLight } from './edit-light';
import { holdStill, inputCount, OUTPUT, outputCodecArgs, sceneFrame } from './output-format';
import { displayText } from './prompt-lettering';
import { synthesizeSoundtrack } from './soundtrack.synth';

export interface EditJob {
  parentPath: string;
  parentHasAudio: boolean;
  /** The parent's prompt: it seeds the soundtrack when the parent has none. */
  prompt: string;
  instruction: string;
  shape: VideoShape;
  /** The parent's length, which the edit keeps. */
  seconds: number;
  dir: string;
  output: string;
}

/** ffmpeg filter that fits any video to our frame size and frame rate (a parent of ours already is). */
export function fitVideo(shape: VideoShape): string {
  const { width, height } = frameSize(shape);
  return (
    `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${width}:${height},` +
    `setsar=1,fps=${OUTPUT.fps}`
  );
}

/**
 * An edit, offline: the parent's own frames and sound, relit as the instruction asks (see
 * editLight), with the instruction lettered as a label in the corner. The shot, its motion and
 * its length stay the parent's. Returns the ffmpeg arguments that render it to `job.output`.
 */
export async function prepareEdit(job: EditJob): Promise<string[]> {
  const { width, height } = frameSize(job.shape);
  const labelPath = join(job.dir, 'instruction.png');
  const soundtrackPath = join(job.dir, 'soundtrack.wav');
  const text = displayText(job.instruction, 90);
  const [label] = await Promise.all([
    text ? captionLayer(`“${text}”`, sceneFrame(job.shape), 'top-left') : null,
    job.parentHasAudio
      ? undefined
      : synthesizeSoundtrack(job.prompt, job.seconds).then((wav) => writeFile(soundtrackPath, wav)),
  ]);
  const inputs = ['-i', job.parentPath];
  const graph = [`[0:v]${fitVideo(job.shape)},${editLight(job.instruction)},format=yuv420p[lit]`];
  if (label) {
    await writeFile(labelPath, label);
    inputs.push('-i', labelPath);
    graph.push(
      `[1:v]scale=${width}:${height},${holdStill('yuva420p', job.seconds)},` +
        `fade=in:st=0.3:d=0.7:alpha=1,fade=out:st=${job.seconds - 0.8}:d=0.8:alpha=1[label]`,
      `[lit][label]overlay=0:0:format=yuv420,format=yuv420p[v]`,
    );
  } else {
    graph.push('[lit]null[v]');
  }
  let audio = '0:a:0';
  if (!job.parentHasAudio) {
    audio = `${inputCount(inputs)}:a`;
    inputs.push('-i', soundtrackPath);
  }
  return [
    ...inputs,
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[v]',
    '-map',
    audio,
    ...outputCodecArgs(job.seconds, job.output),
  ];
}
