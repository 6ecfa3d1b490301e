import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AdminAuditQuery } from '@veo3/contracts/admin';
import { PaymentEntity } from '../billing/payment.entity';
import { likeLiteral } from '../database/like-literal';
import { SharedVideoEntity } from '../sharing/shared-video.entity';
import { UserEntity } from '../users/user.entity';
import { VideoTaskEntity } from '../video/video-task.entity';
import { AuditLogEntity, type AuditTargetType } from './audit-log.entity';

const DAY_MS = 86_400_000;

/** The entity property of each column a deleted account's pseudonymisation may empty. */
const AUDIT_PROPERTY: Record<string, keyof AuditLogEntity> = {
  actor_email: 'actorEmail',
  reason: 'reason',
  before_json: 'beforeJson',
  after_json: 'afterJson',
};

/** What the audit log is filtered by (the query without its format and paging). */
export type AuditFilters = Pick<AdminAuditQuery, 'action' | 'actor_id' | 'actor' | 'target_id' | 'from' | 'to'>;

/** The table holding each kind of target, and the column of its owner (a user is its own). */
const OWNER_OF = {
  user: { entity: UserEntity, owner: 'id' },
  payment: { entity: PaymentEntity, owner: 'userId' },
  task: { entity: VideoTaskEntity, owner: 'userId' },
  share: { entity: SharedVideoEntity, owner: 'userId' },
} as const;

/** The rows of `audit_log`: appended, read; never deleted, and updated only to empty a deleted account's data. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Pseudonymises a deleted account in the trail, in `m`'s transaction: the e-mail of the rows they
   * acted in, and any e-mail, reason or before/after that names one of `mentions` (lower-case), is
   * emptied (set to NULL: the only update the table's trigger allows). Who did what to which id, and
   * when, stays. How many rows changed.
   */
  async eraseMentions(m: EntityManager, actorId: string, mentions: string[]): Promise<number> {
    let changed = (await m.update(AuditLogEntity, { actorId }, { actorEmail: null })).affected ?? 0;
    for (const column of ['actor_email', 'reason', 'before_json', 'after_json']) {
      for (const mention of mentions) {
        const { affected } = await m
          .createQueryBuilder()
          .update(AuditLogEntity)
          .set({ [AUDIT_PROPERTY[column]!]: null })
          .where(`LOWER(${column}) LIKE :pattern ESCAPE '!'`, { pattern: `%${likeLiteral(mention)}%` })
          .execute();
        changed += affected ?? 0;
      }
    }
    return changed;
  }

  /** Appends a row in `m`'s transaction. */
  async append(m: EntityManager, row: AuditLogEntity): Promise<void> {
    await m.insert(AuditLogEntity, row);
  }

  /** The rows about the user `userId` (target type user) from `skip`, oldest first (the data export). */
  aboutUser(userId: string, skip: number, take: number): Promise<AuditLogEntity[]> {
    return this.dataSource
      .getRepository(AuditLogEntity)
      .find({ where: { targetType: 'user', targetId: userId }, order: { createdAt: 'ASC', id: 'ASC' }, skip, take });
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
    // An e-mail as written in the row when the admin acted (e-mails are stored lower-case), or an id.
    if (filters.actor) {
      select.andWhere('(a.actorId = :actor OR a.actorEmail = :actorEmail)', {
        actor: filters.actor,
        actorEmail: filters.actor.toLowerCase(),
      });
    }
    if (filters.target_id) select.andWhere('a.targetId = :targetId', { targetId: filters.target_id });
    // Whole UTC days, both ends included.
    if (filters.from) select.andWhere('a.createdAt >= :from', { from: new Date(`${filters.from}T00:00:00Z`) });
    if (filters.to) {
      select.andWhere('a.createdAt < :to', { to: new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS) });
    }
    if (until) select.andWhere('a.createdAt <= :until', { until });
    return select.getManyAndCount();
  }

  /**
   * The e-mail of each target's user (the user itself, or the owner of a payment, task or shared video), by
   * target id: one query per kind of target present, joined to `users`.
   */
  async targetEmails(targets: { type: AuditTargetType; id: string }[]): Promise<Map<string, string>> {
    const emails = new Map<string, string>();
    for (const type of Object.keys(OWNER_OF) as (keyof typeof OWNER_OF)[]) {
      const ids = [...new Set(targets.filter((t) => t.type === type).map((t) => t.id))];
      if (ids.length === 0) continue;
      const { entity, owner } = OWNER_OF[type];
      const rows = await this.dataSource
        .getRepository(entity)
        .createQueryBuilder('t')
        .innerJoin(UserEntity, 'u', `u.id = t.${owner}`)
        .select('t.id', 'id')
        .addSelect('u.email', 'email')
        .where('t.id IN (:...ids)', { ids })
        .getRawMany<{ id: string; email: string }>();
      for (const row of rows) emails.set(`${type}:${row.id}`, row.email);
    }
    return emails;
  }
}
