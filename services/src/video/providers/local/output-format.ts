import { frameSize, type VideoShape } from '@veo3/contracts/generation-options';

/** Every local render runs at 24 fps, like the real providers' clips; its length is the task's. */
export const OUTPUT = { fps: 24 } as const;

/** A frame size in pixels. */
export interface Frame {
  width: number;
  height: number;
}

/**
 * Scenes are composed at the 720p size of the shape's orientation (1280×720 or 720×1280): their
 * lettering and layers are sized for it. A 360p, 480p or 1080p video is that scene scaled at the end.
 */
export function sceneFrame(shape: VideoShape): Frame {
  return frameSize({ aspectRatio: shape.aspectRatio, resolution: '720p' });
}

export function frameCount(seconds: number): number {
  return Math.round(OUTPUT.fps * seconds);
}

/**
 * Filter that turns a single decoded picture into `seconds` of frames, converted to
 * `pixelFormat` once before the loop instead of once per frame. (Looping the input with
 * `-loop 1` instead would decode the PNG again for every frame, costing more than the encode.)
 */
export function holdStill(pixelFormat: string, seconds: number): string {
  return `format=${pixelFormat},loop=loop=${frameCount(seconds) - 1}:size=1:start=0,setpts=N/${OUTPUT.fps}/TB`;
}

/** A scene's part of the ffmpeg command: its inputs, and a filter graph whose video ends in `[v]`. */
export interface SceneGraph {
  inputs: string[];
  filterGraph: string;
}

/** The number of inputs `args` open, which is the index the next `-i` gets. */
export function inputCount(args: readonly string[]): number {
  return args.filter((arg) => arg === '-i').length;
}

/**
 * `scene` with a full-frame transparent PNG laid over its finished video, fading in and out with
 * the scene (e.g. the reference images, which must not stay lit over the fade to black).
 */
export function withOverlay(scene: SceneGraph, overlayPath: string, seconds: number): SceneGraph {
  const index = inputCount(scene.inputs);
  return {
    inputs: [...scene.inputs, '-i', overlayPath],
    filterGraph:
      `${scene.filterGraph.replace(/\[v\]$/, '[under]')};` +
      `[${index}:v]${holdStill('yuva420p', seconds)},fade=in:st=0.5:d=0.8:alpha=1,fade=out:st=${seconds - 0.8}:d=0.8:alpha=1[over];` +
      `[under][over]overlay=0:0:format=yuv420,format=yuv420p[v]`,
  };
}

/**
 * What every MP4 of ours is: H.264/AAC that Chromium plays (yuv420p, High profile, 24 fps, 48 kHz
 * stereo), the moov atom first for streaming. Edits and extensions re-encode into the same, so a
 * video keeps one format through all its versions.
 */
export function outputCodecArgs(seconds: number, outputPath: string): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(OUTPUT.fps),
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-ar',
    '48000',
    '-ac',
    '2',
    '-t',
    String(seconds),
    '-threads',
    '2',
    '-movflags',
    '+faststart',
    '-y',
    outputPath,
  ];
}

/** The full ffmpeg argument list: scene inputs, the soundtrack WAV as the last input, and our MP4 of `seconds`. */
export function encodeArgs(
  scene: SceneGraph,
  shape: VideoShape,
  soundtrackPath: string,
  outputPath: string,
  seconds: number,
): string[] {
  const { width, height } = frameSize(shape);
  const scaled = width !== sceneFrame(shape).width;
  return [
    ...scene.inputs,
    '-i',
    soundtrackPath,
    '-filter_complex',
    scaled ? `${scene.filterGraph};[v]scale=${width}:${height}:flags=lanczos[out]` : scene.filterGraph,
    '-map',
    scaled ? '[out]' : '[v]',
    '-map',
    `${inputCount(scene.inputs)}:a`,
    ...outputCodecArgs(seconds, outputPath),
  ];
}
