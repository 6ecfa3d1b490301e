import { EMPTY_PROMOTION_FORM, promotionBody } from './promotion-form';

const now = new Date('2026-11-28T10:00:00Z');
const form = { ...EMPTY_PROMOTION_FORM, code: ' spring-26 ', value: '15', reason: 'Newsletter' };

describe('promotionBody', () => {
  it('makes the request: the code upper-case, dollars in cents, the expiry as an ISO time', () => {
    expect(promotionBody(form, now)).toEqual({
      errors: null,
      body: {
        code: 'SPRING-26',
        percent_off: 15,
        amount_off_cents: null,
        expires_at: null,
        max_redemptions: null,
        reason: 'Newsletter',
      },
    });
    const amount = promotionBody(
      { ...form, kind: 'amount', value: '4.99', expires: '2027-01-01T00:00:00Z', limit: '10' },
      now,
    );
    expect(amount.body).toMatchObject({
      percent_off: null,
      amount_off_cents: 499,
      expires_at: '2027-01-01T00:00:00.000Z',
      max_redemptions: 10,
    });
  });

  it('says what is wrong with each field', () => {
    expect(
      promotionBody(
        { code: 'a b', kind: 'percent', value: '101', expires: '2026-11-01T00:00', limit: '0', reason: 'x' },
        now,
      ).errors,
    ).toEqual({
      code: 'codeInvalid',
      value: 'percentInvalid',
      expires: 'expiryInvalid',
      limit: 'limitInvalid',
      reason: 'reasonInvalid',
    });
    expect(promotionBody({ ...form, kind: 'amount', value: '0' }, now).errors).toEqual({ value: 'amountInvalid' });
    expect(promotionBody({ ...form, kind: 'amount', value: '1.234' }, now).errors).toEqual({ value: 'amountInvalid' });
  });
});
