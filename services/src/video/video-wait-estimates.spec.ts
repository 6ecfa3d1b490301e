import { estimatesOf, MIN_COMPLETIONS } from './video-wait-estimates';

describe('estimatesOf', () => {
  it('gives the median and 90th percentile in seconds, per model', () => {
    const times = Array.from({ length: 10 }, (_, i) => ({ model: 'kling-2.1-master', ms: (i + 1) * 10_000 }));
    expect(estimatesOf(times).get('kling-2.1-master')).toEqual({ median_s: 50, p90_s: 90, source: 'site' });
  });

  it('leaves out a model with too few completions to say', () => {
    const times = Array.from({ length: MIN_COMPLETIONS - 1 }, () => ({ model: 'veo3', ms: 60_000 }));
    expect(estimatesOf(times).has('veo3')).toBe(false);
  });
});
