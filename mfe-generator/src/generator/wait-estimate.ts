import type { OfferedModel } from '@veo3/contracts/model-catalogue';

export type ModelWait = OfferedModel['wait'];

/** The wait of the slowest of `models` (a comparison is ready when its last video is); null for none. */
export function slowestWait(models: readonly Pick<OfferedModel, 'wait'>[]): ModelWait | null {
  if (!models.length) return null;
  return {
    median_s: Math.max(...models.map((m) => m.wait.median_s)),
    p90_s: Math.max(...models.map((m) => m.wait.p90_s)),
    source: models.some((m) => m.wait.source === 'vendor') ? 'vendor' : 'site',
  };
}

/** A wait as the page says it: seconds under a minute, else whole minutes (at least 1). */
export function waitSpan(seconds: number): { key: 'waitSeconds' | 'waitMinutes'; count: number } {
  if (seconds < 60) return { key: 'waitSeconds', count: Math.max(1, Math.round(seconds)) };
  return { key: 'waitMinutes', count: Math.max(1, Math.round(seconds / 60)) };
}
