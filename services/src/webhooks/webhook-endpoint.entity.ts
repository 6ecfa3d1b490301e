import type { WebhookEventType } from '@veo3/contracts/webhooks';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** An endpoint a user registered; its secret is kept as is, because signing needs it (docs/OPERATIONS.md). */
@Entity('webhook_endpoints')
export class WebhookEndpointEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ type: 'varchar', length: 2000 })
  url: string;

  @Column({ type: 'varchar', length: 200 })
  description: string;

  /** The events subscribed to, comma-separated. */
  @Column({
    type: 'varchar',
    length: 100,
    transformer: {
      to: (v: WebhookEventType[]) => v.join(','),
      from: (v: string) => (v ? v.split(',') : []) as WebhookEventType[],
    },
  })
  events: WebhookEventType[];

  /** `whsec_` and the base64 of the key's bytes. */
  @Column({ type: 'varchar', length: 100 })
  secret: string;

  /** The secret before the last rotation, which also signs until its expiry. */
  @Column({ name: 'previous_secret', type: 'varchar', length: 100, nullable: true })
  previousSecret: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'datetime', precision: 3, nullable: true })
  previousSecretExpiresAt: Date | null;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ name: 'disabled_reason', type: 'varchar', length: 300, nullable: true })
  disabledReason: string | null;

  @Column({ name: 'failing_since', type: 'datetime', precision: 3, nullable: true })
  failingSince: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}
