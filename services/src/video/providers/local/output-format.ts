/** Every local render: 8 s of 1280×720 at 24 fps, like the real providers' 720p clips. */
export const OUTPUT = { width: 1280, height: 720, fps: 24, seconds: 8 } as const;

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
export function encodeArgs(scene: SceneGraph, soundtrackPath: string, outputPath: string): string[] {
  const audioInput = scene.inputs.filter((arg) => arg === '-i').length;
  return [
    ...scene.inputs,
    '-i',
    soundtrackPath,
    '-filter_complex',
    scene.filterGraph,
    '-map',
    '[v]',
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
