import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One browser's Web Push subscription (PushSubscription.toJSON()): where to send, and the keys to encrypt for it. */
@Entity('push_subscriptions')
export class PushSubscriptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  /** SHA-256 of `endpoint`: one row per browser, whoever holds it now. */
  @Column({ name: 'endpoint_hash', type: 'varchar', length: 64 })
  endpointHash: string;

  /** The push service's URL for this browser (it names no one, but it is the browser's address). */
  @Column({ type: 'varchar', length: 2000 })
  endpoint: string;

  /** The browser's P-256 public key, unpadded base64url. */
  @Column({ type: 'varchar', length: 100 })
  p256dh: string;

  /** The browser's 16-byte authentication secret, unpadded base64url. */
  @Column({ type: 'varchar', length: 40 })
  auth: string;

  /** "Chrome on Windows": enough to tell the user's browsers apart, never the whole User-Agent. */
  @Column({ name: 'user_agent', type: 'varchar', length: 100, nullable: true })
  userAgent: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ name: 'last_success_at', type: 'datetime', precision: 3, nullable: true })
  lastSuccessAt: Date | null;
}
