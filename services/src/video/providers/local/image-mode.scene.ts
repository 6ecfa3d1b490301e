import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '@veo3/contracts/generation-options';
import { frameCount, holdStill, OUTPUT, type Frame, type SceneGraph } from './output-format';
import { captionLayer, type CaptionPlacement } from './caption.layer';
import { between, promptRandom } from './prompt-seed';
import { softShadow } from './soft-shadow';

/** The picture is composed at 3× the output size: zoompan crops on whole pixels, so a finer grid keeps the zoom from wobbling. */
const SCALE = 3;
/** Pictures within about 12 % of the frame's shape fill it (slightly cropped); others sit on a blurred copy of themselves. */
const FILL_TOLERANCE = 0.12;
/** With a last frame, the first picture dissolves into it over this part of the clip (shares of its length). */
const DISSOLVE = { start: 0.5625, length: 0.1875 } as const;

/** The uploaded image cannot be decoded; the render fails with this reason, shown to the user. */
export class UnreadableImageError extends Error {
  constructor(detail: string) {
    super(`The image could not be read (${detail}). Please try another JPEG, PNG, GIF or WebP image.`);
    this.name = 'UnreadableImageError';
  }
}

export interface Still {
  data: Buffer;
  info: sharp.OutputInfo;
}

/** The upload as a still, upright, opaque bitmap no larger than the canvas (a GIF or WebP gives its first frame). */
export async function decodeStill(data: Buffer, canvas: Frame): Promise<Still> {
  const longest = Math.max(canvas.width, canvas.height);
  try {
    return await sharp(data, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: longest, height: longest, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new UnreadableImageError(
      error instanceof Error ? error.message.replace(/\s+/g, ' ').trim() : 'unknown error',
    );
  }
}

/**
 * The picture at the canvas's shape as a JPEG: the image filling the frame, or centred with a
 * soft shadow over a dimmed, blurred copy of itself. The backdrop and shadow are made at an eighth
 * of the size and scaled up: they are blurry anyway, and wide blurs at full size cost seconds.
 */
async function composePicture(still: Still, canvas: Frame): Promise<Buffer> {
  const source = () => sharp(still.data, { raw: still.info });
  const aspect = still.info.width / still.info.height;
  if (Math.abs(Math.log(aspect / (canvas.width / canvas.height))) < FILL_TOLERANCE) {
    return source().resize(canvas.width, canvas.height, { fit: 'cover' }).jpeg({ quality: 92 }).toBuffer();
  }
  const small = { width: canvas.width / 8, height: canvas.height / 8 };
  const { data: picture, info } = await source()
    .resize(Math.round(canvas.width * 0.9), Math.round(canvas.height * 0.9), { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round((canvas.width - info.width) / 2);
  const top = Math.round((canvas.height - info.height) / 2);
  const [blurred, shadow] = await Promise.all([
    source()
      .resize(small.width, small.height, { fit: 'cover' })
      .blur(10)
      .modulate({ brightness: 0.5, saturation: 1.2 })
      .png()
      .toBuffer(),
    softShadow(small, { left: left / 8, top: top / 8 + 2, width: info.width / 8, height: info.height / 8 }, 0.65, 6),
  ]);
  const backdrop = await sharp(blurred)
    .composite([{ input: shadow }])
    .png()
    .toBuffer();
  return sharp(backdrop)
    .resize(canvas.width, canvas.height)
    .composite([{ input: picture, raw: info, left, top }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A slow zoom and drift over a picture the canvas's size (in or out, and where to, picked by `random`). */
function kenBurns(random: () => number, frame: Frame, seconds: number): string {
  const frames = frameCount(seconds);
  const last = frames - 1;
  const zoom = random() < 0.7 ? `1+0.15*on/${last}` : `1.15-0.15*on/${last}`;
  const [x0, x1, y0, y1] = [0.5, between(random, 0.3, 0.7), 0.5, between(random, 0.35, 0.65)].map((v) => v.toFixed(3));
  return (
    `zoompan=z='${zoom}':x='(iw-iw/zoom)*(${x0}+(${x1}-${x0})*on/${last})':y='(ih-ih/zoom)*(${y0}+(${y1}-${y0})*on/${last})'` +
    `:d=${frames}:s=${frame.width}x${frame.height}:fps=${OUTPUT.fps}`
  );
}

/** A caption to letter over a scene, and where. */
export interface Caption {
  /** Already made fit for display (see displayText); empty for none. */
  text: string;
  placement: CaptionPlacement;
}

/**
 * Image mode: the uploaded picture, fitted to the frame, with a slow Ken Burns zoom and drift,
 * dissolving into the last frame when one is given; a caption (the prompt) that fades in, and
 * fades from and to black. The prompt (with the task's seed) seeds the motion.
 */
export async function prepareImageScene(
  image: { data: Buffer },
  lastFrame: { data: Buffer } | null,
  prompt: string,
  caption: Caption,
  dir: string,
  frame: Frame,
  seconds: number,
  seed: number | null = null,
): Promise<SceneGraph> {
  const random = promptRandom(prompt, 'scene', seed);
  const canvas = { width: frame.width * SCALE, height: frame.height * SCALE };
  const picture = (data: Buffer) => decodeStill(data, canvas).then((still) => composePicture(still, canvas));
  const paths = [join(dir, 'picture.jpg'), join(dir, 'last-frame.jpg')];
  const captionPath = join(dir, 'caption.png');
  const [first, last, captionPng] = await Promise.all([
    picture(image.data),
    lastFrame ? picture(lastFrame.data) : null,
    captionLayer(caption.text, frame, caption.placement),
  ]);
  await Promise.all([
    writeFile(paths[0]!, first),
    last ? writeFile(paths[1]!, last) : undefined,
    captionPng ? writeFile(captionPath, captionPng) : undefined,
  ]);

  const inputs = ['-i', paths[0]!];
  const graph = [`[0:v]${kenBurns(random, frame, seconds)}[pic]`];
  if (last) {
    inputs.push('-i', paths[1]!);
    graph.push(
      `[1:v]${kenBurns(random, frame, seconds)},format=yuva420p,fade=in:st=${seconds * DISSOLVE.start}:d=${seconds * DISSOLVE.length}:alpha=1[end]`,
      `[pic][end]overlay=0:0:format=yuv420[both]`,
    );
  }
  const moving = last ? '[both]' : '[pic]';
  const fades = `fade=in:st=0:d=0.5,fade=out:st=${seconds - 0.7}:d=0.7,format=yuv420p[v]`;
  if (captionPng) {
    graph.push(
      `[${inputs.length / 2}:v]${holdStill('yuva420p', seconds)},fade=in:st=1:d=1:alpha=1[cap]`,
      `${moving}[cap]overlay=0:0:format=yuv420,${fades}`,
    );
    inputs.push('-i', captionPath);
  } else {
    graph.push(`${moving}${fades}`);
  }
  return { inputs, filterGraph: graph.join(';') };
}
