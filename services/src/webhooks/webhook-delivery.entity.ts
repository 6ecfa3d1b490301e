import type { WebhookAttempt, WebhookDeliveryStatus, WebhookDeliveryType } from '@veo3/contracts/webhooks';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One message to one endpoint: its id is the `webhook-id`, its payload the exact body sent on every try. */
@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  /** `msg_` and 32 hex digits. */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'endpoint_id', type: 'varchar', length: 36 })
  endpointId: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ name: 'event_type', type: 'varchar', length: 30 })
  eventType: WebhookDeliveryType;

  /** The JSON body, as signed and sent. */
  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'varchar', length: 10 })
  status: WebhookDeliveryStatus;

  /** Tries made, replays included; the retry schedule counts from it. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** The latest tries (at most 20), oldest first, as JSON. */
  @Column({
    name: 'attempt_log',
    type: 'text',
    transformer: {
      to: (v: WebhookAttempt[]) => JSON.stringify(v),
      from: (v: string | null) => (v ? (JSON.parse(v) as WebhookAttempt[]) : []),
    },
  })
  attemptLog: WebhookAttempt[];

  @Column({ name: 'next_attempt_at', type: 'datetime', precision: 3, nullable: true })
  nextAttemptAt: Date | null;

  /** Set while a process sends it (the claim); a try never outlasts it. */
  @Column({ name: 'locked_until', type: 'datetime', precision: 3, nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'last_status', type: 'int', nullable: true })
  lastStatus: number | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}
