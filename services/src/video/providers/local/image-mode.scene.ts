import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { FRAME_COUNT, holdStill, OUTPUT, type Frame, type SceneGraph } from './output-format';
import { displayText, renderLettering } from './prompt-lettering';
import { between, promptRandom } from './prompt-seed';
import { softShadow } from './soft-shadow';

/** The picture is composed at 3× the output size: zoompan crops on whole pixels, so a finer grid keeps the zoom from wobbling. */
const SCALE = 3;
/** Pictures within about 12 % of the frame's shape fill it (slightly cropped); others sit on a blurred copy of themselves. */
const FILL_TOLERANCE = 0.12;
const CAPTION = { margin: 90, maxHeight: 96, sizes: [26, 23, 20] as const, bottom: 24 } as const;
/** With a last frame, the first picture dissolves into it over this part of the clip (seconds). */
const DISSOLVE = { start: 4.5, seconds: 1.5 } as const;

/** The uploaded image cannot be decoded; the render fails with this reason, shown to the user. */
export class UnreadableImageError extends Error {
  constructor(detail: string) {
    super(`The image could not be read (${detail}). Please try another JPEG, PNG, GIF or WebP image.`);
    this.name = 'UnreadableImageError';
  }
}

interface Still {
  data: Buffer;
  info: sharp.OutputInfo;
}

/** The upload as a still, upright, opaque bitmap no larger than the canvas (a GIF or WebP gives its first frame). */
async function decodeStill(data: Buffer, canvas: Frame): Promise<Still> {
  const longest = Math.max(canvas.width, canvas.height);
  try {
    return await sharp(data, { animated: false })
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

/** Full-frame transparent layer with the prompt as a small caption on a dark pill at the bottom. */
async function captionPng(prompt: string, frame: Frame): Promise<Buffer | null> {
  const { width, height } = frame;
  const lettering = await renderLettering(displayText(prompt, 100), {
    maxWidth: width - 2 * CAPTION.margin,
    maxHeight: CAPTION.maxHeight,
    sizes: CAPTION.sizes,
  });
  if (!lettering) return null;
  const left = Math.round((width - lettering.width) / 2);
  const top = height - CAPTION.bottom - lettering.height;
  // The lettering has a shadow margin of its own: the pill fills it sideways, and less of it up and down.
  const pill = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="${left}" y="${top + 6}" width="${lettering.width}" height="${lettering.height - 12}" ` +
      `rx="${Math.min(22, (lettering.height - 12) / 2)}" fill="#000" opacity="0.45"/></svg>`,
  );
  return sharp(pill)
    .composite([{ input: lettering.png, left, top }])
    .png()
    .toBuffer();
}

/** A slow zoom and drift over a picture the canvas's size (in or out, and where to, picked by `random`). */
function kenBurns(random: () => number, frame: Frame): string {
  const last = FRAME_COUNT - 1;
  const zoom = random() < 0.7 ? `1+0.15*on/${last}` : `1.15-0.15*on/${last}`;
  const [x0, x1, y0, y1] = [0.5, between(random, 0.3, 0.7), 0.5, between(random, 0.35, 0.65)].map((v) => v.toFixed(3));
  return (
    `zoompan=z='${zoom}':x='(iw-iw/zoom)*(${x0}+(${x1}-${x0})*on/${last})':y='(ih-ih/zoom)*(${y0}+(${y1}-${y0})*on/${last})'` +
    `:d=${FRAME_COUNT}:s=${frame.width}x${frame.height}:fps=${OUTPUT.fps}`
  );
}

/**
 * Image mode: the uploaded picture, fitted to the frame, with a slow Ken Burns zoom and drift,
 * dissolving into the last frame when one is given; the prompt as a caption that fades in, and
 * fades from and to black.
 */
export async function prepareImageScene(
  image: { data: Buffer },
  lastFrame: { data: Buffer } | null,
  prompt: string,
  dir: string,
  frame: Frame,
): Promise<SceneGraph> {
  const random = promptRandom(prompt, 'scene');
  const canvas = { width: frame.width * SCALE, height: frame.height * SCALE };
  const picture = (data: Buffer) => decodeStill(data, canvas).then((still) => composePicture(still, canvas));
  const paths = [join(dir, 'picture.jpg'), join(dir, 'last-frame.jpg')];
  const captionPath = join(dir, 'caption.png');
  const [first, last, caption] = await Promise.all([
    picture(image.data),
    lastFrame ? picture(lastFrame.data) : null,
    captionPng(prompt, frame),
  ]);
  await Promise.all([
    writeFile(paths[0]!, first),
    last ? writeFile(paths[1]!, last) : undefined,
    caption ? writeFile(captionPath, caption) : undefined,
  ]);

  const inputs = ['-i', paths[0]!];
  const graph = [`[0:v]${kenBurns(random, frame)}[pic]`];
  if (last) {
    inputs.push('-i', paths[1]!);
    graph.push(
      `[1:v]${kenBurns(random, frame)},format=yuva420p,fade=in:st=${DISSOLVE.start}:d=${DISSOLVE.seconds}:alpha=1[end]`,
      `[pic][end]overlay=0:0:format=yuv420[both]`,
    );
  }
  const moving = last ? '[both]' : '[pic]';
  const fades = `fade=in:st=0:d=0.5,fade=out:st=${OUTPUT.seconds - 0.7}:d=0.7,format=yuv420p[v]`;
  if (caption) {
    graph.push(
      `[${inputs.length / 2}:v]${holdStill('yuva420p')},fade=in:st=1:d=1:alpha=1[cap]`,
      `${moving}[cap]overlay=0:0:format=yuv420,${fades}`,
    );
    inputs.push('-i', captionPath);
  } else {
    graph.push(`${moving}${fades}`);
  }
  return { inputs, filterGraph: graph.join(';') };
}
