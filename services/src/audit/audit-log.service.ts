import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { AdminAuditAction, AdminAuditEntry, AdminAuditQuery } from '@veo3/contracts/admin';
import { AUDIT_CSV_HEADER, auditCsvLine } from './audit-csv';
import { AuditLogEntity, toAuditEntry, type AuditActorType, type AuditTargetType } from './audit-log.entity';

export interface AuditRecord {
  actorType: AuditActorType;
  actorId: string | null;
  actorEmail: string | null;
  action: AdminAuditAction;
  targetType: AuditTargetType;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  requestId: string | null;
}

/** Rows read at a time for the CSV export. */
const CSV_BATCH = 1000;
const DAY_MS = 86_400_000;

/** The audit trail: appended in each change's transaction, read by the console. No update or delete. */
@Injectable()
export class AuditLogService {
  constructor(private readonly dataSource: DataSource) {}

  /** Appends one row with `m`, the change's own transaction manager (so a failure writes none). */
  async record(m: EntityManager, entry: AuditRecord): Promise<void> {
    await m.insert(AuditLogEntity, {
      id: randomUUID(),
      createdAt: new Date(),
      actorType: entry.actorType,
      actorId: entry.actorId,
      actorEmail: entry.actorEmail,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      beforeJson: entry.before === null ? null : JSON.stringify(entry.before),
      afterJson: entry.after === null ? null : JSON.stringify(entry.after),
      reason: entry.reason === null ? null : entry.reason.slice(0, 500),
      requestId: entry.requestId === null ? null : entry.requestId.slice(0, 100),
    });
  }

  /** One page of the matching rows, newest first, and how many match. */
  async list(query: AdminAuditQuery): Promise<{ items: AdminAuditEntry[]; total: number }> {
    const [rows, total] = await this.filtered(query)
      .skip((query.page - 1) * query.page_size)
      .take(query.page_size)
      .getManyAndCount();
    return { items: rows.map(toAuditEntry), total };
  }

  /** Every matching row, newest first, as CSV: a header line and one line per entry. */
  async csv(query: AdminAuditQuery): Promise<string> {
    const lines = [AUDIT_CSV_HEADER];
    for (let skip = 0; ; skip += CSV_BATCH) {
      const rows = await this.filtered(query).skip(skip).take(CSV_BATCH).getMany();
      for (const row of rows) lines.push(auditCsvLine(toAuditEntry(row)));
      if (rows.length < CSV_BATCH) return lines.join('');
    }
  }

  private filtered(query: AdminAuditQuery): SelectQueryBuilder<AuditLogEntity> {
    const select = this.dataSource
      .getRepository(AuditLogEntity)
      .createQueryBuilder('a')
      // id breaks ties within a millisecond, so pages never overlap.
      .orderBy('a.createdAt', 'DESC')
      .addOrderBy('a.id', 'DESC');
    if (query.action) select.andWhere('a.action = :action', { action: query.action });
    if (query.actor_id) select.andWhere('a.actorId = :actorId', { actorId: query.actor_id });
    if (query.target_id) select.andWhere('a.targetId = :targetId', { targetId: query.target_id });
    // Whole UTC days, both ends included.
    if (query.from) select.andWhere('a.createdAt >= :from', { from: new Date(`${query.from}T00:00:00Z`) });
    if (query.to) select.andWhere('a.createdAt < :to', { to: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) });
    return select;
  }
}
