import sharp from 'sharp';

/** A transparent PNG of lettering with a soft shadow, and its size. */
export interface Lettering {
  png: Buffer;
  width: number;
  height: number;
}

export interface LetteringStyle {
  maxWidth: number;
  maxHeight: number;
  /** Font sizes in px to try, largest first; the first whose wrapped text fits is used. */
  sizes: readonly number[];
}

const SHADOW_BLUR = 6;
const PAD = SHADOW_BLUR * 3;

/**
 * The prompt as it should appear on screen: no control characters, no emoji (the server's fonts
 * usually have none, and a missing glyph draws as a box), single spaces, at most one empty line
 * in a row, and cut at a word boundary with an ellipsis past `maxChars`.
 */
export function displayText(prompt: string, maxChars: number): string {
  const text = prompt
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0e|\ufe0f|\u20e3/gu, '')
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/gu, (c) => (c === '\n' ? '\n' : c === '\t' ? ' ' : ''))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > maxChars * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** Pango markup is XML-like: user text must not be able to open a tag or an entity. */
function escapeMarkup(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

async function drawText(text: string, size: number, maxWidth: number, colour: string) {
  return sharp({
    text: {
      text: `<span foreground="${colour}">${escapeMarkup(text)}</span>`,
      font: `sans-serif Bold ${size}`,
      dpi: 72,
      width: maxWidth,
      align: 'centre',
      wrap: 'word-char',
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
}

/**
 * Centred, word-wrapped white lettering at the largest size that fits, with a dark drop shadow
 * so it stays legible on any background. Drawn by Pango through sharp (fonts found through
 * fontconfig), which wraps and centres lines and never sees a shell. Null for empty text.
 */
export async function renderLettering(text: string, style: LetteringStyle): Promise<Lettering | null> {
  if (!text) return null;
  const width = style.maxWidth - 2 * PAD;
  let size = style.sizes[0]!;
  let fitted = await drawText(text, size, width, '#ffffff');
  for (const smaller of style.sizes.slice(1)) {
    if (fitted.info.height + 2 * PAD <= style.maxHeight) break;
    size = smaller;
    fitted = await drawText(text, size, width, '#ffffff');
  }
  // Still too tall at the smallest size (a very long prompt): keep the top lines.
  const box = {
    left: 0,
    top: 0,
    width: fitted.info.width,
    height: Math.min(fitted.info.height, style.maxHeight - 2 * PAD),
  };
  const letters = await sharp(fitted.data).extract(box).png().toBuffer();
  const shadow = await sharp((await drawText(text, size, width, '#000000')).data)
    .extract(box)
    .blur(SHADOW_BLUR)
    .png()
    .toBuffer();
  const canvas = { width: box.width + 2 * PAD, height: box.height + 2 * PAD };
  const png = await sharp({ create: { ...canvas, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      // Twice, for a denser shadow right under the strokes.
      { input: shadow, left: PAD, top: PAD + 3 },
      { input: shadow, left: PAD, top: PAD + 3 },
      { input: letters, left: PAD, top: PAD },
    ])
    .png()
    .toBuffer();
  return { png, ...canvas };
}
