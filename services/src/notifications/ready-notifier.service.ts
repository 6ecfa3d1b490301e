import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NotificationLanguage, PushMessage } from '@veo3/contracts/notifications';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { USER_PRESENCE, type UserPresence } from '../events/user-presence';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage';
import { UserRepository } from '../users/user.repository';
import { readyEmailFor, NO_CHOICE } from './email-choice';
import type { FinishedVideo } from './finished-video';
import { Mailer, type OutgoingMail } from './mailer.service';
import { NOTIFICATION_QUEUE, type NotificationJob, type NotificationQueue } from './notification-queue';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { PUSH_SENDER, type PushSender } from './push-sender';
import { PushSubscriptionRepository } from './push-subscription.repository';
import { quotedPrompt, readyEmail } from './ready-email';
import { tokenHash, UnsubscribeTokens } from './unsubscribe-token';

const PUSH_TEXTS = {
  en: { ready: 'Your video is ready', failed: 'Your video could not be made', refunded: 'Your credits were refunded.' },
  'zh-CN': { ready: '你的视频已生成', failed: '你的视频未能生成', refunded: '积分已退回。' },
} satisfies Record<NotificationLanguage, Record<string, string>>;

/**
 * Runs the notification jobs: decides who hears of a finished video (nobody while the user is
 * watching; an e-mail by their choice; a push to each browser they subscribed), then sends each.
 * A job that throws is tried again by the queue; one that cannot succeed returns.
 */
@Injectable()
export class ReadyNotifier {
  private readonly logger = new Logger(ReadyNotifier.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(USER_PRESENCE) private readonly presence: UserPresence,
    @Inject(NOTIFICATION_QUEUE) private readonly queue: NotificationQueue,
    @Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage,
    private readonly settings: NotificationSettingsRepository,
    private readonly subscriptions: PushSubscriptionRepository,
    private readonly users: UserRepository,
    private readonly mailer: Mailer,
    private readonly tokens: UnsubscribeTokens,
    @Inject(PUSH_SENDER) private readonly push: PushSender | null,
  ) {}

  run(job: NotificationJob): Promise<void> {
    if (job.name === 'video-finished') return this.decide(job.data);
    if (job.name === 'ready-email') return this.sendEmail(job.data.video, job.data.firstVideo);
    return this.sendPush(job.data.video, job.data.subscriptionId);
  }

  /** Who hears of the video: the decision is taken once, each message is then a job of its own. */
  private async decide(video: FinishedVideo): Promise<void> {
    if (await this.presence.isWatching(video.userId)) return;
    const plan = this.mailer.available ? await this.emailPlan(video) : null;
    if (plan) await this.queue.add({ name: 'ready-email', data: { video, firstVideo: plan === 'first' } });
    if (!this.push) return;
    for (const subscriptionId of await this.subscriptions.idsOf(video.userId))
      await this.queue.add({ name: 'ready-push', data: { video, subscriptionId } });
  }

  /** `every`, `first` (claimed for this video now, so no other video takes it), or no e-mail. */
  private async emailPlan(video: FinishedVideo): Promise<'every' | 'first' | null> {
    const row = await this.settings.find(video.userId);
    const plan = readyEmailFor(row ?? NO_CHOICE, video.taskId);
    if (plan !== 'first') return plan;
    await this.settings.ensure(video.userId);
    return (await this.settings.claimFirst(video.userId, video.taskId, new Date())) ? 'first' : null;
  }

  private async sendEmail(video: FinishedVideo, firstVideo: boolean): Promise<void> {
    const user = await this.users.findById(video.userId);
    const row = await this.settings.find(video.userId);
    // Deleted meanwhile, or unsubscribed since the decision: nothing to send.
    if (!user || user.erasedAt || !row || row.emailReady === 'off') return;
    const token = this.tokens.tokenFor(video.userId);
    if (row.unsubscribeTokenHash !== tokenHash(token)) await this.settings.setTokenHash(video.userId, tokenHash(token));
    await this.mailer.send(await this.composeEmail(video, user.email, row.language ?? 'en', token, firstVideo));
  }

  private async composeEmail(
    video: FinishedVideo,
    to: string,
    language: NotificationLanguage,
    token: string,
    firstVideo: boolean,
  ): Promise<OutgoingMail> {
    const unsubscribeUrl = `${this.config.siteUrl}/api/notifications/unsubscribe?token=${token}`;
    const poster = video.status === 'completed' ? await this.poster(video) : null;
    const posterCid = `poster-${video.taskId}@veo3`;
    const mail = readyEmail({
      language,
      status: video.status,
      prompt: video.prompt,
      credits: video.credits,
      siteUrl: this.config.siteUrl,
      unsubscribeUrl,
      firstVideo,
      posterCid: poster ? posterCid : null,
    });
    return {
      userId: video.userId,
      to,
      ...mail,
      headers: {
        // RFC 2369 and RFC 8058: mail providers show an Unsubscribe button that POSTs to the link.
        'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:${this.config.supportEmail}?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      attachments: poster
        ? [{ filename: 'poster.jpg', content: poster, contentType: 'image/jpeg', cid: posterCid }]
        : undefined,
    };
  }

  /** The poster's bytes, or none when it cannot be read (the e-mail goes without it). */
  private async poster(video: FinishedVideo): Promise<Buffer | null> {
    if (!video.posterKey) return null;
    return this.objects.getBuffer(video.posterKey).catch((error: unknown) => {
      this.logger.warn(`task ${video.taskId}: no poster for the e-mail: ${String(error)}`);
      return null;
    });
  }

  private async sendPush(video: FinishedVideo, subscriptionId: string): Promise<void> {
    const subscription = await this.subscriptions.findById(subscriptionId);
    // Unsubscribed, or the browser changed hands since the decision.
    if (!this.push || !subscription || subscription.userId !== video.userId) return;
    const language = (await this.settings.find(video.userId))?.language ?? 'en';
    const { result, detail } = await this.push.send(subscription, this.pushMessage(video, language));
    if (result === 'sent') return this.subscriptions.markSuccess(subscription.id, new Date());
    if (result === 'gone') return this.subscriptions.deleteById(subscription.id);
    if (result === 'refused') return void this.logger.warn(`push ${subscription.id} refused: ${detail}`);
    throw new Error(`push ${subscription.id}: ${detail}`);
  }

  private pushMessage(video: FinishedVideo, language: NotificationLanguage): PushMessage {
    const t = PUSH_TEXTS[language];
    const completed = video.status === 'completed';
    const prompt = quotedPrompt(video.prompt);
    return {
      title: completed ? t.ready : t.failed,
      body: completed ? prompt : `${prompt}\n${t.refunded}`,
      icon: completed ? video.posterUrl : null,
      url: '/video-history',
      tag: `video-${video.taskId}`,
    };
  }
}
