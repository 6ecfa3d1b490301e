import { formatNumber } from '@veo3/platform/i18n/format-number';

describe('formatNumber', () => {
  it('groups thousands in both languages', () => {
    expect(formatNumber(1340, 'en')).toBe('1,340');
    expect(formatNumber(1340, 'zh-CN')).toBe('1,340');
    expect(formatNumber(12_345_678, 'en')).toBe('12,345,678');
  });

  it('writes a change with its sign, and none on zero', () => {
    expect(formatNumber(1340, 'en', { signed: true })).toBe('+1,340');
    expect(formatNumber(-40, 'zh-CN', { signed: true })).toBe('-40');
    expect(formatNumber(0, 'en', { signed: true })).toBe('0');
  });
});
