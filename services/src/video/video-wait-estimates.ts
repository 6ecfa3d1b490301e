import { Injectable } from '@nestjs/common';
import { VideoTaskRepository } from './video-task.repository';

/** How long a model's videos take, as the generator shows it before Generate and while waiting. */
export interface WaitEstimate {
  median_s: number;
  p90_s: number;
  source: 'site';
}

/** Completions a model needs in the last day before the site's own figures replace the vendor's. */
export const MIN_COMPLETIONS = 5;
const DAY_MS = 24 * 3600 * 1000;
/** The newest completions read at most: enough for every model's percentiles on a busy day. */
const MAX_ROWS = 5000;
/** Every options request asks; the figures move slowly, so one read serves a minute. */
const CACHE_MS = 60_000;

/** The value at fraction `q` of sorted `values` (nearest rank). */
function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Median and 90th percentile, in whole seconds (at least 1), of each model's completion times. */
export function estimatesOf(times: readonly { model: string; ms: number }[]): Map<string, WaitEstimate> {
  const byModel = new Map<string, number[]>();
  for (const { model, ms } of times) byModel.set(model, [...(byModel.get(model) ?? []), ms]);
  const estimates = new Map<string, WaitEstimate>();
  for (const [model, values] of byModel) {
    if (values.length < MIN_COMPLETIONS) continue;
    values.sort((a, b) => a - b);
    const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));
    estimates.set(model, {
      median_s: seconds(quantile(values, 0.5)),
      p90_s: seconds(quantile(values, 0.9)),
      source: 'site',
    });
  }
  return estimates;
}

/** The site's own wait figures per model, over the last day's completions. */
@Injectable()
export class VideoWaitEstimates {
  private cached: { at: number; estimates: Map<string, WaitEstimate> } | null = null;

  constructor(private readonly tasks: VideoTaskRepository) {}

  async estimates(now = Date.now()): Promise<Map<string, WaitEstimate>> {
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.estimates;
    const times = await this.tasks.completionTimes(new Date(now - DAY_MS), MAX_ROWS);
    this.cached = { at: now, estimates: estimatesOf(times) };
    return this.cached.estimates;
  }
}
