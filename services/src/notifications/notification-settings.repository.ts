import { Injectable } from '@nestjs/common';
import type { NotificationLanguage } from '@veo3/contracts/notifications';
import { DataSource, Equal, IsNull, Or, type EntityManager } from 'typeorm';
import { NotificationSettingsEntity } from './notification-settings.entity';

/** The rows of `notification_settings`. */
@Injectable()
export class NotificationSettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get rows() {
    return this.dataSource.getRepository(NotificationSettingsEntity);
  }

  find(userId: string): Promise<NotificationSettingsEntity | null> {
    return this.rows.findOneBy({ userId });
  }

  findByTokenHash(hash: string): Promise<NotificationSettingsEntity | null> {
    return this.rows.findOneBy({ unsubscribeTokenHash: hash });
  }

  /** The user's row, `default` when new; one already there (another request made it) is kept. */
  async ensure(userId: string, m: EntityManager = this.dataSource.manager): Promise<void> {
    const now = new Date();
    await m
      .createQueryBuilder()
      .insert()
      .into(NotificationSettingsEntity)
      .values({ userId, emailReady: 'default', createdAt: now, updatedAt: now })
      .orIgnore()
      .execute();
  }

  /** The user's choice (and, when given, their language); the row is made if missing. */
  async choose(userId: string, emailReady: 'on' | 'off', language: NotificationLanguage | undefined): Promise<void> {
    await this.ensure(userId);
    await this.rows.update({ userId }, { emailReady, ...(language ? { language } : {}) });
  }

  async setLanguage(userId: string, language: NotificationLanguage): Promise<void> {
    await this.ensure(userId);
    await this.rows.update({ userId }, { language });
  }

  async setTokenHash(userId: string, hash: string): Promise<void> {
    await this.rows.update({ userId }, { unsubscribeTokenHash: hash });
  }

  /** The unsubscribe link's change: off, whatever the choice was; whether a row was found. */
  async turnOffByTokenHash(hash: string): Promise<boolean> {
    const { affected } = await this.rows.update({ unsubscribeTokenHash: hash }, { emailReady: 'off' });
    return Boolean(affected);
  }

  /**
   * Takes the first video's e-mail for `taskId`, in one conditional update: only while the choice is
   * still `default` and no other video took it (a retry for the same video takes it again). Whether it did.
   */
  async claimFirst(userId: string, taskId: string, now: Date): Promise<boolean> {
    const { affected } = await this.rows.update(
      { userId, emailReady: 'default', firstReadyTaskId: Or(IsNull(), Equal(taskId)) },
      { firstReadyEmailAt: now, firstReadyTaskId: taskId },
    );
    return Boolean(affected);
  }

  async deleteOf(userId: string): Promise<void> {
    await this.rows.delete({ userId });
  }
}
