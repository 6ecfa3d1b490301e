import { formatBillingDate } from './format-billing-date';

describe('formatBillingDate', () => {
  const noonUtc = '2026-12-23T12:00:00.000Z';

  it('writes year/month/day in zh-CN', () => {
    expect(formatBillingDate(noonUtc, 'zh-CN')).toBe('2026/12/23');
    expect(formatBillingDate('2026-03-04T12:00:00Z', 'zh-CN')).toBe('2026/03/04');
  });

  it('writes the month name in English', () => {
    expect(formatBillingDate(noonUtc, 'en')).toBe('December 23, 2026');
  });

  it('reads seconds since the epoch, as a number or a numeric string', () => {
    const seconds = Date.parse(noonUtc) / 1000;
    expect(formatBillingDate(seconds, 'zh-CN')).toBe('2026/12/23');
    expect(formatBillingDate(String(seconds), 'en')).toBe('December 23, 2026');
  });

  it('is empty for a missing or unreadable date', () => {
    expect(formatBillingDate(null, 'en')).toBe('');
    expect(formatBillingDate(undefined, 'en')).toBe('');
    expect(formatBillingDate('', 'en')).toBe('');
    expect(formatBillingDate('not a date', 'en')).toBe('');
  });
});
