import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { PromoCodeEntity } from './promo-code.entity';
import { PromoRedemptionEntity } from './promo-redemption.entity';

/** Promotion codes and their redemptions. Methods that take an EntityManager run in the caller's transaction. */
@Injectable()
export class PromotionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of codes, newest first, and how many there are. */
  page(skip: number, take: number): Promise<[PromoCodeEntity[], number]> {
    return this.dataSource
      .getRepository(PromoCodeEntity)
      .findAndCount({ order: { createdAt: 'DESC', id: 'DESC' }, skip, take });
  }

  async insertCode(m: EntityManager, code: Omit<PromoCodeEntity, 'createdAt' | 'redemptions' | 'disabledAt'>) {
    await m.insert(PromoCodeEntity, code);
  }

  findByCode(code: string): Promise<PromoCodeEntity | null> {
    return this.dataSource.getRepository(PromoCodeEntity).findOneBy({ code });
  }

  findById(id: string, m: EntityManager = this.dataSource.manager): Promise<PromoCodeEntity | null> {
    return m.findOneBy(PromoCodeEntity, { id });
  }

  /** The text of each of these codes, by id. */
  async codesOf(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.dataSource
      .getRepository(PromoCodeEntity)
      .find({ select: { id: true, code: true }, where: { id: In(ids) } });
    return new Map(rows.map((row) => [row.id, row.code]));
  }

  /** Disables the code unless it is disabled already: whether this call did. */
  async disable(m: EntityManager, id: string, at: Date): Promise<boolean> {
    const { affected } = await m
      .createQueryBuilder()
      .update(PromoCodeEntity)
      .set({ disabledAt: at })
      .where('id = :id AND disabled_at IS NULL', { id })
      .execute();
    return Boolean(affected);
  }

  /**
   * Counts one more redemption if the code is usable at `now` (enabled, not expired, below its
   * limit): whether it did. One conditional update, so concurrent payments never pass the limit.
   */
  async countRedemption(m: EntityManager, id: string, now: Date): Promise<boolean> {
    const { affected } = await m
      .createQueryBuilder()
      .update(PromoCodeEntity)
      .set({ redemptions: () => 'redemptions + 1' })
      .where('id = :id AND disabled_at IS NULL', { id })
      .andWhere('(expires_at IS NULL OR expires_at > :now)', { now })
      .andWhere('(max_redemptions IS NULL OR redemptions < max_redemptions)')
      .execute();
    return Boolean(affected);
  }

  /**
   * The checkout's redemption in `m`'s transaction; `latest`: as committed now, not as the
   * transaction's snapshot saw it (a locking read on MySQL; SQLite runs one transaction at a time).
   */
  findRedemption(m: EntityManager, checkoutSessionId: string, latest = false): Promise<PromoRedemptionEntity | null> {
    const mysql = this.dataSource.options.type === 'mysql';
    const lock = latest && mysql ? ({ mode: 'pessimistic_write' } as const) : undefined;
    return m.findOne(PromoRedemptionEntity, { where: { checkoutSessionId }, lock });
  }

  async insertRedemption(m: EntityManager, redemption: Omit<PromoRedemptionEntity, 'createdAt'>): Promise<void> {
    await m.insert(PromoRedemptionEntity, redemption);
  }

  /** The user's redemptions from `skip`, oldest first (the data export). */
  redemptionsOf(userId: string, skip: number, take: number): Promise<PromoRedemptionEntity[]> {
    return this.dataSource
      .getRepository(PromoRedemptionEntity)
      .find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' }, skip, take });
  }

  /** A deleted account's redemptions go; the codes' counts stay. */
  async deleteRedemptionsOf(userId: string): Promise<void> {
    await this.dataSource.getRepository(PromoRedemptionEntity).delete({ userId });
  }
}
