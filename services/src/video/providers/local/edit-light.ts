import { between, promptRandom } from './prompt-seed';

/** Looks an instruction can ask for by name, first match wins; each is an ffmpeg filter chain. */
const LIGHTS: readonly { words: RegExp; filter: string }[] = [
  {
    // Darker and blue, with the edges falling off as under moonlight.
    words: /\b(night|midnight|moon\w*|dark\w*|evening|starry|stars)\b/i,
    filter:
      'eq=brightness=-0.08:gamma=0.78:saturation=0.65,' +
      'colorbalance=rs=-0.15:gs=-0.05:bs=0.3:rm=-0.12:gm=-0.03:bm=0.22:rh=-0.08:bh=0.1,vignette=PI/4',
  },
  {
    words: /\b(sunset|sunrise|dusk|dawn|golden|warm\w*|autumn|fire\w*|candle\w*)\b/i,
    filter: 'colorbalance=rs=0.16:gs=0.03:bs=-0.2:rm=0.2:gm=0.05:bm=-0.16:rh=0.1:bh=-0.1,eq=saturation=1.3:gamma=1.05',
  },
  {
    words: /\b(winter|snow\w*|cold|ic[ey]|frost\w*|frozen|cool)\b/i,
    filter: 'colorbalance=rs=-0.1:bs=0.16:rm=-0.08:bm=0.12:rh=-0.05:bh=0.08,eq=brightness=0.06:saturation=0.7',
  },
  {
    words: /\b(black and white|black-and-white|monochrome|grey\w*|gray\w*|noir|old film)\b/i,
    filter: 'hue=s=0,eq=contrast=1.25:gamma=0.95',
  },
  {
    words: /\b(day\w*|sunny|morning|noon|bright\w*|sunshine|summer)\b/i,
    filter: 'eq=brightness=0.07:gamma=1.18:saturation=1.2,colorbalance=rh=0.05:gh=0.04',
  },
];

/**
 * The change of light an edit makes, as an ffmpeg filter chain: the look the instruction names
 * ("make it night" darker and bluer, "at sunset" warm), else a colour shift seeded by the
 * instruction, strong enough to see, so every edit visibly changes the shot.
 */
export function editLight(instruction: string): string {
  const named = LIGHTS.find(({ words }) => words.test(instruction));
  if (named) return named.filter;
  const random = promptRandom(instruction, 'edit-light');
  const shift = between(random, 30, 75) * (random() < 0.5 ? -1 : 1);
  return (
    `hue=h=${shift.toFixed(1)}:s=${between(random, 1.05, 1.35).toFixed(2)},` +
    `eq=brightness=${between(random, -0.05, 0.05).toFixed(3)}:contrast=${between(random, 1.05, 1.2).toFixed(2)}`
  );
}
