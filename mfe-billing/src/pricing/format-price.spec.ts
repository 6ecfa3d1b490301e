import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it.each([
    [29.9, '$29.90'],
    [129.9, '$129.90'],
    [6, '$6.00'],
    [2.4, '$2.40'],
    [0, '$0.00'],
  ])('formats %d as %s', (amount, expected) => {
    expect(formatPrice(amount)).toBe(expected);
  });
});
