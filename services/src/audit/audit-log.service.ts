import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AdminAuditAction, AdminAuditEntry, AdminAuditQuery } from '@veo3/contracts/admin';
import { AUDIT_CSV_HEADER, auditCsvLine } from './audit-csv';
import { toAuditEntry, type AuditActorType, type AuditTargetType } from './audit-log.entity';
import { AuditLogRepository } from './audit-log.repository';

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

/** The audit trail: appended in each change's transaction, read by the console. No delete; no update but a deleted account's erasure. */
@Injectable()
export class AuditLogService {
  constructor(private readonly rows: AuditLogRepository) {}

  /** Appends one row with `m`, the change's own transaction manager (so a failure writes none). */
  async record(m: EntityManager, entry: AuditRecord): Promise<void> {
    await this.rows.append(m, {
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

  /** Empties a deleted account's e-mail and mentions from the trail, in `m`'s transaction (see the repository). */
  eraseMentions(m: EntityManager, userId: string, mentions: string[]): Promise<number> {
    return this.rows.eraseMentions(m, userId, mentions);
  }

  /** One page of the matching rows, newest first, each with its target's e-mail, and how many match. */
  async list(query: AdminAuditQuery): Promise<{ items: AdminAuditEntry[]; total: number }> {
    const [rows, total] = await this.rows.page(query, (query.page - 1) * query.page_size, query.page_size);
    const emails = await this.rows.targetEmails(rows.map((row) => ({ type: row.targetType, id: row.targetId })));
    const items = rows.map((row) => ({
      ...toAuditEntry(row),
      target_email: emails.get(`${row.targetType}:${row.targetId}`) ?? null,
    }));
    return { items, total };
  }

  /** Every matching row, newest first, as CSV: a header line and one line per entry. */
  async csv(query: AdminAuditQuery): Promise<string> {
    const lines = [AUDIT_CSV_HEADER];
    const until = new Date();
    for (let skip = 0; ; skip += CSV_BATCH) {
      const [rows] = await this.rows.page(query, skip, CSV_BATCH, until);
      for (const row of rows) lines.push(auditCsvLine(toAuditEntry(row)));
      if (rows.length < CSV_BATCH) return lines.join('');
    }
  }
}
