import type { generatorMessages } from './generator.messages';

type ProgressKey = Extract<keyof (typeof generatorMessages)['en'], `progress${string}`>;

/**
 * The server's status_message lines (services' worker and providers) as message keys, by pattern:
 * a line not listed here is shown as the server wrote it.
 */
const KNOWN: { pattern: RegExp; key: ProgressKey }[] = [
  { pattern: /^Waiting to start$/i, key: 'progressWaiting' },
  { pattern: /^Waiting for the renderer$/i, key: 'progressWaitingRenderer' },
  { pattern: /^(Generating your video|Your video is being generated)$/i, key: 'progressGenerating' },
  { pattern: /^Restarting the render$/i, key: 'progressRestarting' },
  { pattern: /^Rendering video… (\d{1,3})%$/i, key: 'progressRendering' },
  { pattern: /^Finishing$/i, key: 'progressFinishing' },
  { pattern: /^Reading your video$/i, key: 'progressReading' },
  { pattern: /^Changing the light$/i, key: 'progressLight' },
  { pattern: /^Continuing the scene$/i, key: 'progressContinuing' },
  { pattern: /^Preparing your image$/i, key: 'progressImage' },
  { pattern: /^Preparing the scene$/i, key: 'progressScene' },
  { pattern: /^Composing the soundtrack$/i, key: 'progressSound' },
  { pattern: /^Preparing the 1080p version$/i, key: 'progress1080p' },
  { pattern: /^Your video is ready$/i, key: 'progressReady' },
];

/** A status line in the page's language: its key and the number it carries (a percentage), or null when unknown. */
export function progressMessage(line: string): { key: ProgressKey; vars: { percent: string } } | null {
  const text = line.trim().replace(/\.{3}/g, '…');
  for (const { pattern, key } of KNOWN) {
    const match = pattern.exec(text);
    if (match) return { key, vars: { percent: match[1] ?? '' } };
  }
  return null;
}
