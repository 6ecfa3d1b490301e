import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VideoShape } from '@veo3/contracts/generation-options';
import { runFfmpeg } from '../../ffmpeg.runner';
import { fitVideo } from './edit.scene';
import { prepareImageScene, type Caption } from './image-mode.scene';
import { displayText } from './prompt-lettering';
import { inputCount, outputCodecArgs, sceneFrame } from './output-format';
import { SAMPLE_RATE, synthesizeSoundtrack } from './soundtrack.synth';

export interface ExtensionJob {
  parentPath: string;
  parentHasAudio: boolean;
  /** The parent's length: the result holds these seconds of it, then the added ones. */
  parentSeconds: number;
  addedSeconds: number;
  prompt: string;
  /** What happens next, when the user said: lettered over the added seconds. */
  instruction: string | null;
  shape: VideoShape;
  dir: string;
  output: string;
  /** For the frame grab. */
  timeoutMs: number;
}

/** Our renders fade to black over their last 0.8 s: the continuation starts from the picture before that. */
const BEFORE_FADE_SECONDS = 1;
const AUDIO_FORMAT = `aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=stereo`;

/** The added seconds' label: what happens next (at the bottom, like a prompt), else how much was added. */
function extensionCaption(job: ExtensionJob): Caption {
  return job.instruction
    ? { text: `+${job.addedSeconds} s · ${displayText(job.instruction, 100)}`, placement: 'bottom' }
    : { text: `Continued · +${job.addedSeconds} s`, placement: 'top-left' };
}

/**
 * An extension, offline: the parent's last picture held with a slow zoom, labelled with the
 * seconds it adds, over a soundtrack of the prompt (the parent's key and chords, so it carries
 * on), joined after the parent into one video of the whole length. The parent is re-encoded with
 * it, so the result has one video and one audio stream throughout. Returns the ffmpeg arguments.
 */
export async function prepareExtension(job: ExtensionJob): Promise<string[]> {
  const stillPath = join(job.dir, 'parent-end.png');
  const soundtrackPath = join(job.dir, 'soundtrack.wav');
  await runFfmpeg(
    [
      '-ss',
      String(Math.max(0, job.parentSeconds - BEFORE_FADE_SECONDS)),
      '-i',
      job.parentPath,
      '-frames:v',
      '1',
      '-y',
      stillPath,
    ],
    { durationSeconds: 1, timeoutMs: job.timeoutMs },
  );
  const [scene] = await Promise.all([
    readFile(stillPath).then((data) =>
      prepareImageScene(
        { data },
        null,
        job.prompt,
        extensionCaption(job),
        job.dir,
        sceneFrame(job.shape),
        job.addedSeconds,
      ),
    ),
    synthesizeSoundtrack(job.prompt, job.addedSeconds).then((wav) => writeFile(soundtrackPath, wav)),
  ]);
  const soundtrack = inputCount(scene.inputs);
  const parent = soundtrack + 1;
  const parentSamples = Math.round(job.parentSeconds * SAMPLE_RATE);
  const parentAudio = job.parentHasAudio
    ? `[${parent}:a:0]aresample=${SAMPLE_RATE},${AUDIO_FORMAT},apad=whole_len=${parentSamples},atrim=end_sample=${parentSamples},asetpts=PTS-STARTPTS[before_a]`
    : `anullsrc=r=${SAMPLE_RATE}:cl=stereo,atrim=end_sample=${parentSamples},${AUDIO_FORMAT}[before_a]`;
  const graph = [
    scene.filterGraph,
    `[${parent}:v]${fitVideo(job.shape)},trim=duration=${job.parentSeconds},setpts=PTS-STARTPTS,format=yuv420p[before_v]`,
    parentAudio,
    `[v]${fitVideo(job.shape)},format=yuv420p[added_v]`,
    `[${soundtrack}:a]${AUDIO_FORMAT}[added_a]`,
    `[before_v][before_a][added_v][added_a]concat=n=2:v=1:a=1[whole_v][whole_a]`,
  ];
  return [
    ...scene.inputs,
    '-i',
    soundtrackPath,
    '-i',
    job.parentPath,
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[whole_v]',
    '-map',
    '[whole_a]',
    ...outputCodecArgs(job.parentSeconds + job.addedSeconds, job.output),
  ];
}
