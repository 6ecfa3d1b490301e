import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AdminAuditQuery } from '@veo3/contracts/admin';
import { AuditLogEntity } from './audit-log.entity';

const DAY_MS = 86_400_000;

/** What the audit log is filtered by (the query without its format and paging). */
export type AuditFilters = Pick<AdminAuditQuery, 'action' | 'actor_id' | 'target_id' | 'from' | 'to'>;

/** The rows of `audit_log`: appended, read; never updated or deleted. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Appends a row in `m`'s transaction. */
  async append(m: EntityManager, row: AuditLogEntity): Promise<void> {
    await m.insert(AuditLogEntity, row);
  }

  /**
   * The matching rows from `skip`, at most `take`, newest first, and how many match; with `until`,
   * only rows written by then (so rows appended meanwhile cannot shift a read in batches).
   */
  page(filters: AuditFilters, skip: number, take: number, until?: Date): Promise<[AuditLogEntity[], number]> {
    const select = this.dataSource
      .getRepository(AuditLogEntity)
      .createQueryBuilder('a')
      // id breaks ties within a millisecond, so pages never overlap.
      .orderBy('a.createdAt', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .skip(skip)
      .take(take);
    if (filters.action) select.andWhere('a.action = :action', { action: filters.action });
    if (filters.actor_id) select.andWhere('a.actorId = :actorId', { actorId: filters.actor_id });
    if (filters.target_id) select.andWhere('a.targetId = :targetId', { targetId: filters.target_id });
    // Whole UTC days, both ends included.
    if (filters.from) select.andWhere('a.createdAt >= :from', { from: new Date(`${filters.from}T00:00:00Z`) });
    if (filters.to) {
      select.andWhere('a.createdAt < :to', { to: new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS) });
    }
    if (until) select.andWhere('a.createdAt <= :until', { until });
    return select.getManyAndCount();
  }
}
