import { Injectable } from '@nestjs/common';
import { ApiKeyRepository } from '../api-keys/api-key.repository';
import { AuditLogRepository } from '../audit/audit-log.repository';
import type { AuditLogEntity } from '../audit/audit-log.entity';
import { SessionRepository } from '../auth/session.repository';
import { BillingRepository } from '../billing/billing.repository';
import { PaymentRepository } from '../billing/payment.repository';
import { BlogPostRepository } from '../blog/blog-post.repository';
import type { AppConfig } from '../config/app-config';
import { CreditsRepository } from '../credits/credits.repository';
import type { SharedVideoEntity } from '../sharing/shared-video.entity';
import { SharedVideoRepository } from '../sharing/shared-video.repository';
import { GalleryRepository } from '../sharing/gallery.repository';
import { LocalOutbox } from '../notifications/local-outbox';
import { NotificationSettingsRepository } from '../notifications/notification-settings.repository';
import {
  notificationSettingsExport,
  outboxMessageExport,
  pushSubscriptionExport,
} from '../notifications/notification-views';
import { PushSubscriptionRepository } from '../notifications/push-subscription.repository';
import { ReferralRepository } from '../referrals/referral.repository';
import { referralExport } from '../referrals/referral-views';
import { PromotionsRepository } from '../promotions/promotions.repository';
import { rolesFor } from '../users/user-roles';
import type { UserEntity } from '../users/user.entity';
import type { LinkKind } from '../video/video-storage';
import { taskEffectInputs } from '../video/task-effect';
import { storedImages, type VideoTaskEntity } from '../video/video-task.entity';
import { VideoTaskRepository } from '../video/video-task.repository';
import { WebhookRepository } from '../webhooks/webhook.repository';
import { webhookDeliveryExport, webhookEndpointExport } from '../webhooks/webhook-views';

/** A list in data.json, read page by page so a long history never sits in memory whole. */
export interface ExportSection {
  name: string;
  page(userId: string, skip: number, take: number): Promise<object[]>;
}

/** A stored file of the user's: its storage key, and how a signed link to it is made (VideoStorage.signedUrl). */
export interface ExportFile {
  key: string;
  link: { subject: string; kind: LinkKind };
}

/** Who acted, as a role: the staff member behind an admin change is not the user's data. */
function auditView(row: AuditLogEntity): object {
  const parse = (json: string | null) => (json === null ? null : (JSON.parse(json) as unknown));
  return {
    id: row.id,
    created_at: row.createdAt,
    actor_type: row.actorType,
    action: row.action,
    before: parse(row.beforeJson),
    after: parse(row.afterJson),
    reason: row.reason,
  };
}

/** What the task row holds for the user; the provider's job ids, callback token and worker leases stay on the server. */
function taskView(task: VideoTaskEntity): object {
  return {
    id: task.id,
    created_at: task.createdAt,
    finished_at: task.finishedAt,
    deleted_at: task.deletedAt,
    kind: task.kind,
    parent_task_id: task.parentTaskId,
    root_task_id: task.rootTaskId,
    batch_id: task.batchId,
    model: task.model,
    prompt: task.prompt,
    instruction: task.instruction,
    negative_prompt: task.negativePrompt,
    aspect_ratio: task.aspectRatio,
    resolution: task.resolution,
    duration_s: task.durationS,
    seed: task.seed,
    status: task.status,
    status_message: task.statusMessage,
    error_code: task.errorCode,
    error_message: task.errorMessage,
    cost: task.cost,
    api_key_id: task.apiKeyId,
    remix_of: task.remixOf,
    effect: effectView(task),
    files: taskFiles(task).map((file) => file.key),
  };
}

/** A task made from an effect: the effect, the user's texts, the photos given and when they consented; null otherwise. */
function effectView(task: VideoTaskEntity): object | null {
  const inputs = taskEffectInputs(task);
  if (!inputs) return null;
  return {
    slug: inputs.effect.slug,
    texts: inputs.texts,
    photos: inputs.photos,
    people_consent_at: task.peopleConsentAt,
    provider_prompt: task.providerPrompt,
  };
}

/** A share as its row keeps it: what its public page showed, its settings and counts, and when it stopped. */
function shareView(share: SharedVideoEntity): object {
  return {
    id: share.id,
    task_id: share.taskId,
    created_at: share.createdAt,
    unshared_at: share.unsharedAt,
    prompt: share.prompt,
    model: share.model,
    duration_s: share.durationS,
    aspect_ratio: share.aspectRatio,
    creator_name: share.creatorName,
    show_prompt: share.showPrompt,
    allow_image_remix: share.allowImageRemix,
    gallery_state: share.galleryState,
    category: share.category,
    gallery_reason: share.galleryReason,
    gallery_at: share.galleryAt,
    views: share.views,
    remixes: share.remixes,
  };
}

/** The task's stored files: its video and poster, its first and last frames, its reference images. */
export function taskFiles(task: VideoTaskEntity): ExportFile[] {
  const files: ExportFile[] = [];
  const add = (name: string | null, folder: string, kind: ExportFile['link']['kind'], subject = task.id) => {
    if (name) files.push({ key: `${folder}/${name}`, link: { subject, kind } });
  };
  add(task.resultPath, 'videos', 'file');
  add(task.posterPath, 'videos', 'poster');
  add(task.imagePath, 'uploads', 'upload');
  add(task.lastFramePath, 'uploads', 'last-frame');
  storedImages(task).forEach((image, index) => add(image.path, 'uploads', 'reference', `${task.id}/${index}`));
  return files;
}

/** The user's own row and roles, for data.json's `profile`. */
export function profileView(user: UserEntity, config: Pick<AppConfig, 'adminEmails' | 'blogAdminEmails'>): object {
  const roles = rolesFor(user, config);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    picture: user.picture,
    provider: user.provider,
    provider_subject: user.providerSubject,
    credits: user.credits,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    roles: { admin: roles.isAdmin, blog_manager: roles.canManageBlog },
  };
}

/** Each list of data.json, read through the repository of the module that owns its table. */
@Injectable()
export class AccountExportSections {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly credits: CreditsRepository,
    private readonly payments: PaymentRepository,
    private readonly billing: BillingRepository,
    private readonly tasks: VideoTaskRepository,
    private readonly posts: BlogPostRepository,
    private readonly audit: AuditLogRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly webhooks: WebhookRepository,
    private readonly shares: SharedVideoRepository,
    private readonly gallery: GalleryRepository,
    private readonly notificationSettings: NotificationSettingsRepository,
    private readonly pushSubscriptions: PushSubscriptionRepository,
    private readonly outbox: LocalOutbox,
    private readonly referrals: ReferralRepository,
    private readonly promotions: PromotionsRepository,
  ) {}

  /** `onTask` sees each task as it is read, to collect its files. */
  list(onTask: (task: VideoTaskEntity) => void): ExportSection[] {
    return [
      {
        name: 'sessions',
        // The session id is what a token names: never handed out again.
        page: async (u, s, t) =>
          (await this.sessions.pageOf(u, s, t)).map(({ id: _id, userId: _user, ...rest }) => rest),
      },
      { name: 'credit_ledger', page: (u, s, t) => this.credits.rowsOf(u, s, t) },
      { name: 'payments', page: (u, s, t) => this.payments.pageOf(u, s, t) },
      { name: 'subscriptions', page: (u, s, t) => this.billing.subscriptionsOf(u, s, t) },
      { name: 'checkout_sessions', page: (u, s, t) => this.billing.checkoutSessionsOf(u, s, t) },
      {
        name: 'promo_redemptions',
        page: async (u, s, t) =>
          (await this.promotions.redemptionsOf(u, s, t)).map(({ userId: _user, ...rest }) => rest),
      },
      {
        name: 'video_tasks',
        page: async (u, s, t) =>
          (await this.tasks.pageOf(u, s, t)).map((task) => {
            onTask(task);
            return taskView(task);
          }),
      },
      { name: 'shared_videos', page: async (u, s, t) => (await this.shares.pageOf(u, s, t)).map(shareView) },
      { name: 'blog_posts', page: (u, s, t) => this.posts.pageByAuthor(u, s, t) },
      // Never a key's hash: the secret was shown once at creation and is nowhere now.
      { name: 'api_keys', page: (u, s, t) => this.apiKeys.pageOf(u, s, t) },
      { name: 'audit_log', page: async (u, s, t) => (await this.audit.aboutUser(u, s, t)).map(auditView) },
      // Never the signing secrets.
      {
        name: 'webhook_endpoints',
        page: async (u, s, t) => (await this.webhooks.endpointPageOf(u, s, t)).map(webhookEndpointExport),
      },
      {
        name: 'webhook_deliveries',
        page: async (u, s, t) => (await this.webhooks.deliveryPageOf(u, s, t)).map(webhookDeliveryExport),
      },
      // Reports the user made while signed in (never the hash that dedupes them).
      {
        name: 'gallery_reports',
        page: async (u, s, t) =>
          (await this.gallery.reportsBy(u, s, t)).map((r) => ({
            share_id: r.shareId,
            reason: r.reason,
            details: r.details,
            created_at: r.createdAt,
            closed_at: r.closedAt,
          })),
      },
      // A ban from the gallery, with its reason (not the admin who made it).
      {
        name: 'gallery_bans',
        page: async (u, s, t) =>
          (await this.gallery.bansOf(u, s, t)).map((b) => ({ reason: b.reason, created_at: b.createdAt })),
      },
      {
        name: 'notification_settings',
        page: async (u, s) => {
          const row = s === 0 ? await this.notificationSettings.find(u) : null;
          return row ? [notificationSettingsExport(row)] : [];
        },
      },
      {
        name: 'push_subscriptions',
        page: async (u, s, t) => (await this.pushSubscriptions.pageOf(u, s, t)).map(pushSubscriptionExport),
      },
      {
        name: 'referral_code',
        page: async (u, s) => {
          const row = s === 0 ? await this.referrals.findCode(u) : null;
          return row ? [{ code: row.code, created_at: row.createdAt }] : [];
        },
      },
      // Each referral the user is a side of, never the other side's id.
      {
        name: 'referrals',
        page: async (u, s, t) => (await this.referrals.pageOf(u, s, t)).map((row) => referralExport(row, u)),
      },
      // The local outbox's e-mails (a site without SMTP_URL); e-mail sent through SMTP is not kept.
      {
        name: 'email_outbox',
        page: async (u, s, t) => (await this.outbox.listOf(u)).slice(s, s + t).map(outboxMessageExport),
      },
    ];
  }

  /** The Stripe customer id, when the user has one. */
  async billingCustomerId(userId: string): Promise<string | null> {
    return (await this.billing.findCustomer(userId))?.stripeCustomerId ?? null;
  }
}
