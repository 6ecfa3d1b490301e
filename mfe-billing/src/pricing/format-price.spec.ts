import { formatMoney, formatPrice } from './format-price';

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

describe('formatMoney', () => {
  it('writes dollars as formatPrice does, whatever the case of the code', () => {
    expect(formatMoney(19.9, 'usd')).toBe('$19.90');
    expect(formatMoney(19.9, 'USD')).toBe('$19.90');
  });

  it('writes other currencies with their symbol', () => {
    expect(formatMoney(19.9, 'eur')).toBe('€19.90');
  });

  it('falls back to the code for an unknown currency', () => {
    expect(formatMoney(5, 'not-a-currency')).toBe('5.00 NOT-A-CURRENCY');
  });
});
