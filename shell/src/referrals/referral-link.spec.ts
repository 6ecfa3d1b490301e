import { forgetReferral, pendingReferral, REFERRAL_KEY, rememberReferral } from './referral-link';

const DAY = 24 * 3600 * 1000;
const T0 = Date.UTC(2026, 10, 1);

describe('the ?ref= link kept for a sign-in', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the code of the address for 30 days, then forgets it', () => {
    rememberReferral('?ref=Ab3_-xYz09', T0);
    expect(pendingReferral(T0)).toBe('Ab3_-xYz09');
    expect(pendingReferral(T0 + 30 * DAY)).toBe('Ab3_-xYz09');
    expect(pendingReferral(T0 + 30 * DAY + 1)).toBeUndefined();
  });

  it('a later link replaces the earlier one and starts its 30 days again', () => {
    rememberReferral('?ref=FirstCode1', T0);
    rememberReferral('?lang=zh-CN&ref=SecondCod2', T0 + 20 * DAY);
    expect(pendingReferral(T0 + 45 * DAY)).toBe('SecondCod2');
  });

  it('a page without ?ref= keeps what was kept; a malformed code is not kept', () => {
    rememberReferral('?ref=FirstCode1', T0);
    rememberReferral('?lang=en', T0 + DAY);
    rememberReferral('?ref=<script>', T0 + DAY);
    rememberReferral('?ref=short', T0 + DAY);
    expect(pendingReferral(T0 + DAY)).toBe('FirstCode1');
  });

  it('is cleared after a sign-in, and ignores what it did not write', () => {
    rememberReferral('?ref=FirstCode1', T0);
    forgetReferral();
    expect(pendingReferral(T0)).toBeUndefined();
    localStorage.setItem(REFERRAL_KEY, 'not json');
    expect(pendingReferral(T0)).toBeUndefined();
    localStorage.setItem(REFERRAL_KEY, JSON.stringify({ code: 'FirstCode1', at: 'yesterday' }));
    expect(pendingReferral(T0)).toBeUndefined();
  });

  it('a storage that refuses loses the referral, never the page', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(() => rememberReferral('?ref=FirstCode1', T0, refusing)).not.toThrow();
    expect(pendingReferral(T0, refusing)).toBeUndefined();
    expect(() => forgetReferral(refusing)).not.toThrow();
  });
});
