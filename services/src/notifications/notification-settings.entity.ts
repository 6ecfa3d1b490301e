import type { EmailReadyChoice, NotificationLanguage } from '@veo3/contracts/notifications';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A user's "ready" e-mail choice; no row is the same as `default` with nothing sent yet. */
@Entity('notification_settings')
export class NotificationSettingsEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ name: 'email_ready', type: 'varchar', length: 10, default: 'default' })
  emailReady: EmailReadyChoice;

  /** The page's language at the user's last change: e-mails and push messages are written in it. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  language: NotificationLanguage | null;

  /** SHA-256 of the user's unsubscribe token (unsubscribe-token.ts), to find them from an e-mail's link. */
  @Column({ name: 'unsubscribe_token_hash', type: 'varchar', length: 64, nullable: true })
  unsubscribeTokenHash: string | null;

  /** When the e-mail of the first video went out while the choice was `default`. */
  @Column({ name: 'first_ready_email_at', type: 'datetime', precision: 3, nullable: true })
  firstReadyEmailAt: Date | null;

  /** The video that e-mail is about: a retry of its job sends it again, another video does not. */
  @Column({ name: 'first_ready_task_id', type: 'varchar', length: 36, nullable: true })
  firstReadyTaskId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}
