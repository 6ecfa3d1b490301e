import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity';

/** The rows of `api_keys`. */
@Injectable()
export class ApiKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get rows() {
    return this.dataSource.getRepository(ApiKeyEntity);
  }

  async insert(m: EntityManager, row: Omit<ApiKeyEntity, 'lastUsedAt' | 'revokedAt' | 'revokedReason'>): Promise<void> {
    await m.insert(ApiKeyEntity, { ...row, lastUsedAt: null, revokedAt: null, revokedReason: null });
  }

  /** The user's keys that are not revoked, counted in `m`'s transaction. */
  countLive(m: EntityManager, userId: string): Promise<number> {
    return m.countBy(ApiKeyEntity, { userId, revokedAt: IsNull() });
  }

  /** The user's keys, newest first, revoked ones included. */
  listOf(userId: string): Promise<ApiKeyEntity[]> {
    return this.rows.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The live key with this hash of its secret. */
  findLiveByHash(keyHash: string): Promise<ApiKeyEntity | null> {
    return this.rows.findOneBy({ keyHash, revokedAt: IsNull() });
  }

  findById(id: string, m: EntityManager = this.dataSource.manager): Promise<ApiKeyEntity | null> {
    return m.findOneBy(ApiKeyEntity, { id });
  }

  /** Revokes a live key (of `userId` when given); false when there is none to revoke. */
  async revoke(
    m: EntityManager,
    where: { id: string; userId?: string },
    at: Date,
    reason: string | null,
  ): Promise<boolean> {
    const result = await m.update(
      ApiKeyEntity,
      { ...where, revokedAt: IsNull() },
      { revokedAt: at, revokedReason: reason },
    );
    return result.affected === 1;
  }

  /** When the key was last used (ApiKeyAuthenticator writes it at most once a minute per key). */
  async touch(id: string, at: Date): Promise<void> {
    await this.rows.update({ id }, { lastUsedAt: at });
  }

  /** One page of keys (of these users when given), most recently used first, and how many match. */
  page(userIds: string[] | null, page: { skip: number; take: number }): Promise<[ApiKeyEntity[], number]> {
    const select = this.rows
      .createQueryBuilder('k')
      .orderBy('CASE WHEN k.last_used_at IS NULL THEN 1 ELSE 0 END', 'ASC')
      .addOrderBy('k.last_used_at', 'DESC')
      .addOrderBy('k.created_at', 'DESC')
      .addOrderBy('k.id', 'DESC')
      .skip(page.skip)
      .take(page.take);
    if (userIds) select.where({ userId: In(userIds.length ? userIds : ['']) });
    return select.getManyAndCount();
  }

  /** The user's keys from `skip`, oldest first, for their data export (never the hash). */
  pageOf(userId: string, skip: number, take: number): Promise<Omit<ApiKeyEntity, 'keyHash'>[]> {
    return this.rows.find({
      skip,
      take,
      select: {
        id: true,
        userId: true,
        name: true,
        prefix: true,
        scopes: true,
        monthlyCap: true,
        createdAt: true,
        lastUsedAt: true,
        revokedAt: true,
      },
      where: { userId },
      order: { createdAt: 'ASC', id: 'ASC' },
    }) as Promise<Omit<ApiKeyEntity, 'keyHash'>[]>;
  }

  /** Account deletion: the user's keys go (in the deletion's transaction). */
  async deleteAllOf(m: EntityManager, userId: string): Promise<void> {
    await m.delete(ApiKeyEntity, { userId });
  }
}
