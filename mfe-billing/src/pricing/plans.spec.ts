import { bestValueId, CREDIT_PACKS, SUBSCRIPTION_PLANS, videosFor } from './plans';

describe('plans and packs', () => {
  it('match the spec prices and credits', () => {
    expect(
      SUBSCRIPTION_PLANS.map(({ id, name, monthlyPrice, yearlyPrice, credits }) => [
        id,
        name,
        monthlyPrice,
        yearlyPrice,
        credits,
      ]),
    ).toEqual([
      ['lite', 'Lite', 29.9, 286, 590],
      ['pro', 'Pro', 59.9, 479, 1340],
      ['pro+', 'Pro+', 129.9, 959, 3370],
    ]);
    expect(CREDIT_PACKS.map(({ id, price, credits }) => [id, price, credits])).toEqual([
      ['starter', 19.9, 330],
      ['basic', 49.9, 950],
      ['standard', 99.9, 2200],
    ]);
  });

  it('counts whole 40-credit videos', () => {
    expect(videosFor(590)).toBe(14);
    expect(videosFor(40)).toBe(1);
    expect(videosFor(39)).toBe(0);
  });

  it('finds the lowest price per credit', () => {
    expect(bestValueId(SUBSCRIPTION_PLANS, (plan) => plan.monthlyPrice)).toBe('pro+');
    expect(bestValueId(CREDIT_PACKS, (pack) => pack.price)).toBe('standard');
    expect(bestValueId([], () => 1)).toBeUndefined();
  });
});
