import { discountCents, promoCodeState } from './promo-terms';

const percent = (percentOff: number) => ({ percentOff, amountOffCents: null });
const amount = (amountOffCents: number) => ({ percentOff: null, amountOffCents });

describe('discountCents', () => {
  it('rounds a percentage to the nearest cent, half up, as Stripe does', () => {
    expect(discountCents(percent(15), 1990)).toBe(299); // 298.5
    expect(discountCents(percent(33), 999)).toBe(330); // 329.67
    expect(discountCents(percent(10), 1001)).toBe(100); // 100.1
    expect(discountCents(percent(100), 4990)).toBe(4990);
  });

  it('takes an amount off, never more than the price', () => {
    expect(discountCents(amount(500), 1990)).toBe(500);
    expect(discountCents(amount(5000), 1990)).toBe(1990);
  });
});

describe('promoCodeState', () => {
  const now = new Date('2026-11-28T10:00:00Z');
  const code = { expiresAt: null, maxRedemptions: null, redemptions: 0, disabledAt: null };

  it('is active without expiry or limit, and below its limit before its expiry', () => {
    expect(promoCodeState(code, now)).toBe('active');
    expect(
      promoCodeState({ ...code, expiresAt: new Date('2026-11-28T10:00:01Z'), maxRedemptions: 5, redemptions: 4 }, now),
    ).toBe('active');
  });

  it('expires at its expiry, is used up at its limit, and a disabled code is disabled first', () => {
    expect(promoCodeState({ ...code, expiresAt: now }, now)).toBe('expired');
    expect(promoCodeState({ ...code, maxRedemptions: 5, redemptions: 5 }, now)).toBe('used_up');
    expect(promoCodeState({ ...code, expiresAt: now, maxRedemptions: 1, redemptions: 1, disabledAt: now }, now)).toBe(
      'disabled',
    );
  });
});
