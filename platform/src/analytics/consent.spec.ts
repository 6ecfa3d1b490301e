import { CONSENT_KEY, consentExpiry, rememberConsent, storedConsent } from '@veo3/platform/analytics/consent';

beforeEach(() => localStorage.clear());

describe('stored consent', () => {
  it('keeps the choice with its date under one key', () => {
    rememberConsent('denied', new Date('2026-03-01T10:00:00Z'));
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY)!)).toEqual({
      choice: 'denied',
      at: '2026-03-01T10:00:00.000Z',
    });
    expect(storedConsent(new Date('2026-04-01T10:00:00Z'))).toBe('denied');
  });

  it('counts a choice for 6 months, then asks again', () => {
    const at = new Date('2026-01-15T12:00:00Z');
    rememberConsent('granted', at);
    expect(consentExpiry(at).getTime()).toBeGreaterThan(new Date('2026-07-14T12:00:00Z').getTime());
    expect(storedConsent(new Date('2026-07-14T12:00:00Z'))).toBe('granted');
    expect(storedConsent(new Date('2026-07-16T12:00:00Z'))).toBeNull();
  });

  it('treats a missing, unreadable or unknown entry as no choice', () => {
    expect(storedConsent()).toBeNull();
    localStorage.setItem(CONSENT_KEY, 'yes');
    expect(storedConsent()).toBeNull();
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ choice: 'maybe', at: new Date().toISOString() }));
    expect(storedConsent()).toBeNull();
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ choice: 'granted', at: 'soon' }));
    expect(storedConsent()).toBeNull();
  });
});
