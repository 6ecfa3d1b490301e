import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  MAX_PUSH_SUBSCRIPTIONS,
  type CreatePushSubscriptionRequest,
  type EmailReadySettings,
  type NotificationSettings,
  type UpdateNotificationSettingsRequest,
} from '@veo3/contracts/notifications';
import type { AccountEraser } from '../account-deletion/account-eraser';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { isUniqueViolation } from '../database/transaction';
import { TransactionRunner } from '../database/transaction-runner';
import type { SessionUser } from '../users/session-user';
import { isAllowedPrivateHost } from '../webhooks/webhook-url';
import { firstVideoEmailSent, NO_CHOICE } from './email-choice';
import { LocalOutbox } from './local-outbox';
import { Mailer } from './mailer.service';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { NotificationsErrorCode, NotificationsException } from './notifications.exception';
import { PushSubscriptionRepository } from './push-subscription.repository';
import { tokenHash } from './unsubscribe-token';
import { userAgentLabel } from './user-agent-label';
import { VAPID_KEYS, type VapidKeys } from './vapid-keys';

const endpointHash = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

/**
 * The account's notification settings: the "ready" e-mail choice, the browsers subscribed to push,
 * the e-mail's unsubscribe link; and, for account deletion, forgetting all of it.
 */
@Injectable()
export class NotificationsService implements AccountEraser {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(VAPID_KEYS) private readonly vapid: VapidKeys | null,
    private readonly transactions: TransactionRunner,
    private readonly settingsRows: NotificationSettingsRepository,
    private readonly subscriptions: PushSubscriptionRepository,
    private readonly mailer: Mailer,
    private readonly outbox: LocalOutbox,
  ) {}

  /** The settings as the account page shows them; `endpoint` is the asking browser's subscription, if any. */
  async settings(user: SessionUser, endpoint?: string): Promise<NotificationSettings> {
    const [email, browsers, thisBrowser] = await Promise.all([
      this.emailSettings(user.id),
      this.subscriptions.countOf(user.id),
      endpoint ? this.subscriptions.existsFor(user.id, endpointHash(endpoint)) : Promise.resolve(false),
    ]);
    return {
      ...email,
      push: {
        available: this.vapid !== null,
        vapid_public_key: this.vapid?.publicKey ?? null,
        this_browser: thisBrowser,
        browsers,
      },
    };
  }

  async choose(user: SessionUser, body: UpdateNotificationSettingsRequest): Promise<EmailReadySettings> {
    await this.settingsRows.choose(user.id, body.email_ready, body.language);
    return this.emailSettings(user.id);
  }

  /** This browser's subscription, now the user's (replacing their oldest past MAX_PUSH_SUBSCRIPTIONS). */
  async subscribe(user: SessionUser, body: CreatePushSubscriptionRequest, userAgent: string | undefined) {
    if (!this.vapid)
      throw new NotificationsException(
        NotificationsErrorCode.PushUnavailable,
        'Browser notifications are not available on this site.',
      );
    const endpoint = this.checkEndpoint(body.endpoint);
    const row = {
      id: randomUUID(),
      userId: user.id,
      endpointHash: endpointHash(endpoint),
      endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      userAgent: userAgentLabel(userAgent),
    };
    const save = () => this.transactions.run((m) => this.subscriptions.save(m, row, MAX_PUSH_SUBSCRIPTIONS));
    // The same browser subscribing twice at once: the second finds the first's row.
    await save().catch((error: unknown) => (isUniqueViolation(error) ? save() : Promise.reject(error)));
    if (body.language) await this.settingsRows.setLanguage(user.id, body.language);
    return { this_browser: true, browsers: await this.subscriptions.countOf(user.id) };
  }

  async unsubscribe(user: SessionUser, endpoint: string) {
    await this.subscriptions.deleteOwn(user.id, endpointHash(endpoint));
    return { this_browser: false, browsers: await this.subscriptions.countOf(user.id) };
  }

  /** Whether an e-mail's unsubscribe token names a user. */
  async knowsToken(token: string | undefined): Promise<boolean> {
    return Boolean(token && (await this.settingsRows.findByTokenHash(tokenHash(token))));
  }

  /** The e-mail link's one click: "ready" e-mails off for the token's user; false for a token we never gave. */
  async unsubscribeByToken(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const done = await this.settingsRows.turnOffByTokenHash(tokenHash(token));
    if (done) this.logger.log('a user turned "ready" e-mails off from an e-mail link');
    return done;
  }

  /** Account deletion (an AccountEraser): the user's choice, subscriptions and outbox messages. */
  async forgetUser(userId: string): Promise<void> {
    await this.settingsRows.deleteOf(userId);
    await this.subscriptions.deleteAllOf(userId);
    await this.outbox.deleteOf(userId);
  }

  private async emailSettings(userId: string): Promise<EmailReadySettings> {
    const row = (await this.settingsRows.find(userId)) ?? NO_CHOICE;
    return {
      email_ready: row.emailReady,
      first_video_email_sent: firstVideoEmailSent(row),
      email_available: this.mailer.available,
    };
  }

  /** An https URL (http only for a host PUSH_ALLOW_PRIVATE_HOSTS names), without credentials; the address is checked at each send. */
  private checkEndpoint(raw: string): string {
    const invalid = () =>
      new NotificationsException(NotificationsErrorCode.InvalidEndpoint, 'The push endpoint must be an https:// URL.');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw invalid();
    }
    const allowedHttp =
      url.protocol === 'http:' && isAllowedPrivateHost(url, this.config.notifications.pushAllowPrivateHosts);
    if ((url.protocol !== 'https:' && !allowedHttp) || url.username || url.password) throw invalid();
    return raw;
  }
}
