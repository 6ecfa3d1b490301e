import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { holdStill, type Frame, type SceneGraph } from './output-format';
import { displayText, renderLettering } from './prompt-lettering';
import { softShadow } from './soft-shadow';
import { between, hsl, pick, promptRandom, type Random } from './prompt-seed';

/** The background layers are larger than the frame (by this factor) so a moving crop window can drift over them. */
const LAYER_SCALE = 1.25;
/** The title may fill this share of the frame's width and height. */
const TITLE_SHARE = { width: 0.8, height: 0.65 } as const;
const TITLE_SIZES = [64, 56, 50, 44, 38, 33, 29, 26] as const;
const MAX_TITLE_CHARS = 320;

/** Hue offsets of the glow colours from the base hue: a few harmonies that all look deliberate. */
const HARMONIES = [
  [0, 35, -40, 180],
  [0, 150, 210, 30],
  [0, 120, 240, 60],
  [0, 30, 60, -30],
] as const;

function backgroundSvg(random: Random, layer: Frame): string {
  const hue = between(random, 0, 360);
  const harmony = pick(random, HARMONIES);
  const blobs = Array.from({ length: 6 }, (_, i) => {
    const colour = hsl(
      hue + harmony[i % harmony.length]! + between(random, -12, 12),
      between(random, 55, 80),
      between(random, 42, 62),
    );
    const cx = between(random, 0.1, 0.9) * layer.width;
    const cy = between(random, 0.1, 0.9) * layer.height;
    const r = between(random, 320, 620);
    return (
      `<radialGradient id="g${i}"><stop offset="0" stop-color="${colour}" stop-opacity="${between(random, 0.55, 0.85).toFixed(2)}"/>` +
      `<stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>` +
      `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="url(#g${i})"/>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layer.width}" height="${layer.height}">` +
    `<linearGradient id="base" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${hsl(hue + 200, 45, 9)}"/><stop offset="1" stop-color="${hsl(hue + 20, 50, 16)}"/></linearGradient>` +
    `<rect width="100%" height="100%" fill="url(#base)"/>${blobs.join('')}</svg>`
  );
}

/** Soft out-of-focus light specks that drift faster than the background, for depth. */
function particlesSvg(random: Random, layer: Frame): string {
  const specks = Array.from({ length: 34 }, () => {
    const r = between(random, 4, 38);
    const opacity = (r > 20 ? between(random, 0.05, 0.14) : between(random, 0.15, 0.4)).toFixed(2);
    return `<circle cx="${(random() * layer.width).toFixed(0)}" cy="${(random() * layer.height).toFixed(0)}" r="${r.toFixed(1)}" fill="url(#speck)" opacity="${opacity}"/>`;
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layer.width}" height="${layer.height}">` +
    `<radialGradient id="speck"><stop offset="0" stop-color="#fff"/><stop offset="0.55" stop-color="#fff" stop-opacity="0.7"/>` +
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>${specks.join('')}</svg>`
  );
}

/** Full-frame title layer: the centred prompt on a soft dark scrim (drawn at a quarter size, then scaled up). */
async function titlePng(prompt: string, frame: Frame): Promise<Buffer | null> {
  const lettering = await renderLettering(displayText(prompt, MAX_TITLE_CHARS), {
    maxWidth: Math.round(frame.width * TITLE_SHARE.width),
    maxHeight: Math.round(frame.height * TITLE_SHARE.height),
    sizes: TITLE_SIZES,
  });
  if (!lettering) return null;
  const { width, height } = frame;
  const left = Math.round((width - lettering.width) / 2);
  const top = Math.round((height - lettering.height) / 2);
  const scrim = await softShadow(
    { width: width / 4, height: height / 4 },
    { left: left / 4, top: top / 4, width: lettering.width / 4, height: lettering.height / 4 },
    0.4,
    8,
  );
  return sharp(scrim)
    .resize(width, height)
    .composite([{ input: lettering.png, left, top }])
    .png()
    .toBuffer();
}

/** A darker rim that holds the eye on the centre; it stays still while the layers under it move. */
function vignetteSvg(frame: Frame): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}">` +
    `<radialGradient id="v" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient><rect width="100%" height="100%" fill="url(#v)"/></svg>`
  );
}

/**
 * Text mode: a glowing gradient that drifts and slowly shifts hue, soft light specks floating
 * across it, and the prompt rising gently into view; everything fades in and out of black.
 * Colours and motion come from the prompt (and the task's seed), so each prompt gets its own look.
 */
export async function prepareTextScene(
  prompt: string,
  dir: string,
  frame: Frame,
  seconds: number,
  seed: number | null = null,
): Promise<SceneGraph> {
  const random = promptRandom(prompt, 'scene', seed);
  const layer = { width: Math.round(frame.width * LAYER_SCALE), height: Math.round(frame.height * LAYER_SCALE) };
  const layers = [
    {
      file: join(dir, 'background.png'),
      png: sharp(Buffer.from(backgroundSvg(random, layer)))
        .png({ compressionLevel: 1 })
        .toBuffer(),
    },
    {
      file: join(dir, 'particles.png'),
      png: sharp(Buffer.from(particlesSvg(random, layer)))
        .png({ compressionLevel: 1 })
        .toBuffer(),
    },
    {
      file: join(dir, 'vignette.png'),
      png: sharp(Buffer.from(vignetteSvg(frame)))
        .png()
        .toBuffer(),
    },
    { file: join(dir, 'title.png'), png: titlePng(prompt, frame) },
  ];
  const written = await Promise.all(
    layers.map(async ({ file, png }) => {
      const data = await png;
      if (data) await writeFile(file, data);
      return data ? file : null;
    }),
  );

  const { width, height } = frame;
  const phase = between(random, 0, 2 * Math.PI).toFixed(3);
  const drift = random() < 0.5 ? '+' : '-';
  // 4:4:4 until the end: crops move by single pixels (4:2:0 would step by two) and overlays blend without conversions.
  const graph = [
    `[0:v]${holdStill('yuv444p', seconds)},crop=${width}:${height}:x='(iw-${width})*(0.5+0.45*sin(t*0.3+${phase}))':y='(ih-${height})*(0.5+0.45*cos(t*0.23+${phase}))',` +
      `hue=H='0.35*sin(t*0.5+${phase})'[bg]`,
    `[1:v]${holdStill('yuva444p', seconds)},crop=${width}:${height}:x='(iw-${width})*(0.5${drift}0.5*(t/${seconds}-0.5)*1.8)':y='(ih-${height})*(0.9-0.8*t/${seconds})'[specks]`,
    `[2:v]${holdStill('yuva444p', seconds)}[vignette]`,
    `[bg][specks]overlay=0:0:format=yuv444[lit]`,
  ];
  const fades = `fade=in:st=0:d=0.6,fade=out:st=${seconds - 0.8}:d=0.8,format=yuv420p[v]`;
  if (written[3]) {
    graph.push(
      `[lit][vignette]overlay=0:0:format=yuv444[shaded]`,
      `[3:v]${holdStill('yuva444p', seconds)},fade=in:st=0.4:d=1.6:alpha=1[title]`,
      // The title eases up into place over the first two seconds as it fades in.
      `[shaded][title]overlay=x=0:y='28*pow(max(0,1-t/2),2)':format=yuv444,${fades}`,
    );
  } else {
    graph.push(`[lit][vignette]overlay=0:0:format=yuv444,${fades}`);
  }
  return { inputs: written.flatMap((file) => (file ? ['-i', file] : [])), filterGraph: graph.join(';') };
}
