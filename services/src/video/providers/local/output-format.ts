import { frameSize, type VideoShape } from '@veo3/contracts/generation-options';

/** Every local render: 8 s at 24 fps, like the real providers' clips. */
export const OUTPUT = { fps: 24, seconds: 8 } as const;

/** A frame size in pixels. */
export interface Frame {
  width: number;
  height: number;
}

/**
 * Scenes are composed at the 720p size of the shape's orientation (1280×720 or 720×1280): their
 * lettering and layers are sized for it. A 1080p video is that scene scaled up at the end.
 */
export function sceneFrame(shape: VideoShape): Frame {
  return frameSize({ aspectRatio: shape.aspectRatio, resolution: '720p' });
}

export const FRAME_COUNT = OUTPUT.fps * OUTPUT.seconds;

/**
 * Filter that turns a single decoded picture into the whole clip's frames, converted to
 * `pixelFormat` once before the loop instead of once per frame. (Looping the input with
 * `-loop 1` instead would decode the PNG again for every frame, costing more than the encode.)
 */
export function holdStill(pixelFormat: string): string {
  return `format=${pixelFormat},loop=loop=${FRAME_COUNT - 1}:size=1:start=0,setpts=N/${OUTPUT.fps}/TB`;
}

/** A scene's part of the ffmpeg command: its inputs, and a filter graph whose video ends in `[v]`. */
export interface SceneGraph {
  inputs: string[];
  filterGraph: string;
}

/**
 * The full ffmpeg argument list: scene inputs, the soundtrack WAV as the last input, and an
 * H.264/AAC MP4 that Chromium plays (yuv420p, High profile, moov atom first for streaming).
 */
export function encodeArgs(scene: SceneGraph, shape: VideoShape, soundtrackPath: string, outputPath: string): string[] {
  const audioInput = scene.inputs.filter((arg) => arg === '-i').length;
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
    `${audioInput}:a`,
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
    String(OUTPUT.seconds),
    '-threads',
    '2',
    '-movflags',
    '+faststart',
    '-y',
    outputPath,
  ];
}
