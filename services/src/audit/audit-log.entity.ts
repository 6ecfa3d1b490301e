import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AdminAuditAction, AdminAuditEntry } from '@veo3/contracts/admin';

export type AuditActorType = AdminAuditEntry['actor_type'];
export type AuditTargetType = AdminAuditEntry['target_type'];

/**
 * One line of the append-only audit trail: who changed what, before and after, and why. Written in
 * the change's own transaction; never updated or deleted, and no foreign key (a deleted user keeps its rows).
 */
@Entity('audit_log')
@Index('idx_audit_log_created', ['createdAt'])
@Index('idx_audit_log_target', ['targetId'])
@Index('idx_audit_log_actor', ['actorId'])
export class AuditLogEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ name: 'actor_type', type: 'varchar', length: 10 })
  actorType: AuditActorType;

  @Column({ name: 'actor_id', type: 'varchar', length: 36, nullable: true })
  actorId: string | null;

  @Column({ name: 'actor_email', type: 'varchar', length: 320, nullable: true })
  actorEmail: string | null;

  @Column({ type: 'varchar', length: 30 })
  action: AdminAuditAction;

  @Column({ name: 'target_type', type: 'varchar', length: 10 })
  targetType: AuditTargetType;

  @Column({ name: 'target_id', type: 'varchar', length: 255 })
  targetId: string;

  /** The target's affected fields before the change, as JSON. */
  @Column({ name: 'before_json', type: 'text', nullable: true })
  beforeJson: string | null;

  @Column({ name: 'after_json', type: 'text', nullable: true })
  afterJson: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  reason: string | null;

  @Column({ name: 'request_id', type: 'varchar', length: 100, nullable: true })
  requestId: string | null;
}

export function toAuditEntry(row: AuditLogEntity): AdminAuditEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor_type: row.actorType,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.beforeJson === null ? null : (JSON.parse(row.beforeJson) as Record<string, unknown>),
    after: row.afterJson === null ? null : (JSON.parse(row.afterJson) as Record<string, unknown>),
    reason: row.reason,
    request_id: row.requestId,
  };
}
