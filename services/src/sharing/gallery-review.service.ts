import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ADMIN_GALLERY_PAGE_SIZE,
  type AdminGalleryBan,
  type AdminGalleryItem,
  type AdminGalleryQuery,
  type AdminGalleryReply,
} from '@veo3/contracts/gallery';
import { auditedBy, type AdminActor } from '../admin/admin-actor';
import { AuditLogService } from '../audit/audit-log.service';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { TransactionRunner } from '../database/transaction-runner';
import { UserRepository } from '../users/user.repository';
import { toAdminGalleryItem, type ReviewFacts } from './gallery-views';
import { GalleryErrorCode, GalleryException } from './gallery.exception';
import { GalleryRepository } from './gallery.repository';
import { GalleryService } from './gallery.service';
import type { SharedVideoEntity } from './shared-video.entity';

/** Details shown per video in the queue: the latest few are enough to judge. */
const DETAILS_SHOWN = 5;

const notFound = () => new GalleryException(GalleryErrorCode.NotFound, 'This shared video does not exist (any more).');

/** What a video's audit row says of it before and after a change. */
const stateOf = (share: Pick<SharedVideoEntity, 'galleryState' | 'galleryReason'>, openReports: number) => ({
  state: share.galleryState,
  reason: share.galleryReason,
  open_reports: openReports,
});

/**
 * The gallery's review in the admin console: the queue (held, reported, listed, hidden) and the
 * moderators' changes, each with its reason and one audit row in the change's transaction. A change
 * that changes nothing (hiding a hidden video, banning a banned user) records nothing.
 */
@Injectable()
export class GalleryReviewService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gallery: GalleryRepository,
    private readonly listing: GalleryService,
    private readonly users: UserRepository,
    private readonly audit: AuditLogService,
    private readonly transactions: TransactionRunner,
  ) {}

  async queue(query: AdminGalleryQuery): Promise<AdminGalleryReply['data']> {
    const size = ADMIN_GALLERY_PAGE_SIZE;
    const [rows, total] = await this.gallery.reviewPage(query.state, (query.page - 1) * size, size);
    return { items: await this.withFacts(rows), page: query.page, page_size: size, total };
  }

  /** Takes a video out of the gallery (listed or held); its open reports count as reviewed. */
  hide(actor: AdminActor, id: string, reason: string): Promise<AdminGalleryItem> {
    return this.change(actor, id, reason, 'gallery.hide', async (m, share) => {
      if (share.galleryState === 'off')
        throw new GalleryException(GalleryErrorCode.NotOffered, 'This video is not offered to the gallery.');
      const changed = await this.gallery.setState(m, id, ['listed', 'held'], { state: 'hidden', reason });
      const closed = await this.gallery.closeReports(m, id, new Date());
      return changed || closed > 0;
    });
  }

  /** Lists a held or hidden video again (its owner not banned); its open reports count as reviewed. */
  restore(actor: AdminActor, id: string, reason: string): Promise<AdminGalleryItem> {
    return this.change(actor, id, reason, 'gallery.restore', async (m, share) => {
      if (share.galleryState === 'off')
        throw new GalleryException(
          GalleryErrorCode.NotOffered,
          'Its owner no longer offers this video to the gallery.',
        );
      if (await this.gallery.findBan(share.userId, m))
        throw new GalleryException(
          GalleryErrorCode.OwnerBanned,
          'Its owner is banned from the gallery: lift the ban first to list their videos again.',
        );
      const listedAt = share.galleryAt ?? new Date();
      const changed = await this.gallery.setState(m, id, ['held', 'hidden'], {
        state: 'listed',
        reason: null,
        listedAt,
      });
      const closed = await this.gallery.closeReports(m, id, new Date());
      return changed || closed > 0;
    });
  }

  /** The open reports were unfounded: they are closed, the video stays as it is (a held one stays held). */
  dismissReports(actor: AdminActor, id: string, reason: string): Promise<AdminGalleryItem> {
    return this.change(
      actor,
      id,
      reason,
      'gallery.dismiss_reports',
      async (m) => (await this.gallery.closeReports(m, id, new Date())) > 0,
    );
  }

  /**
   * One change of a video in one transaction: `apply` says whether anything changed, and then one audit
   * row records the video's state and open reports before and after. Listing pages of this process are dropped.
   */
  private async change(
    actor: AdminActor,
    id: string,
    reason: string,
    action: 'gallery.hide' | 'gallery.restore' | 'gallery.dismiss_reports',
    apply: (m: EntityManager, share: SharedVideoEntity) => Promise<boolean>,
  ): Promise<AdminGalleryItem> {
    const changed = await this.transactions.run(async (m) => {
      const share = await this.gallery.findLive(id, m);
      if (!share) throw notFound();
      const before = stateOf(share, await this.gallery.openReportCount(m, id));
      if (!(await apply(m, share))) return false;
      const after = await this.gallery.findLive(id, m);
      await this.audit.record(m, {
        ...auditedBy(actor, reason),
        action,
        targetType: 'share',
        targetId: id,
        before,
        after: stateOf(after!, await this.gallery.openReportCount(m, id)),
      });
      return true;
    });
    if (changed) this.listing.invalidate();
    const share = await this.gallery.findLive(id);
    return (await this.withFacts([share!]))[0]!;
  }

  /** Bans a user from the gallery: their listed and held videos are hidden, and their offers refused from now on. */
  async ban(actor: AdminActor, userId: string, reason: string): Promise<AdminGalleryBan> {
    await this.liveUser(userId);
    const hidden = await this.transactions.run(async (m) => {
      if (!(await this.gallery.addBan(m, { userId, reason, bannedBy: actor.id }))) return null;
      const count = await this.gallery.hideAllOf(m, userId, reason);
      await this.audit.record(m, {
        ...auditedBy(actor, reason),
        action: 'gallery.ban',
        targetType: 'user',
        targetId: userId,
        before: { gallery_banned: false },
        after: { gallery_banned: true, videos_hidden: count },
      });
      return count;
    });
    if (hidden) this.listing.invalidate();
    return { user_id: userId, banned: true, hidden: hidden ?? 0 };
  }

  /** Lifts a ban: the user may offer videos again; those the ban hid stay hidden until an admin restores them. */
  async unban(actor: AdminActor, userId: string, reason: string): Promise<AdminGalleryBan> {
    await this.liveUser(userId);
    await this.transactions.run(async (m) => {
      if (!(await this.gallery.removeBan(m, userId))) return;
      await this.audit.record(m, {
        ...auditedBy(actor, reason),
        action: 'gallery.unban',
        targetType: 'user',
        targetId: userId,
        before: { gallery_banned: true },
        after: { gallery_banned: false },
      });
    });
    return { user_id: userId, banned: false, hidden: 0 };
  }

  private async liveUser(userId: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || user.erasedAt) throw new GalleryException(GalleryErrorCode.UserNotFound, 'This user does not exist.');
  }

  /** Each video with its owner's e-mail and ban, and its open reports: four reads for the whole page. */
  private async withFacts(rows: SharedVideoEntity[]): Promise<AdminGalleryItem[]> {
    const ids = rows.map((row) => row.id);
    const owners = rows.map((row) => row.userId);
    const [counts, details, emails, banned] = await Promise.all([
      this.gallery.openCounts(ids),
      this.gallery.openDetails(ids),
      this.users.emailsOf(owners),
      this.gallery.bannedAmong(owners),
    ]);
    return rows.map((row) => {
      const facts: ReviewFacts = {
        ownerEmail: emails.get(row.userId) ?? null,
        ownerBanned: banned.has(row.userId),
        open: counts
          .filter((c) => c.shareId === row.id)
          .map(({ reason, count }) => ({ reason, count }))
          .sort((a, b) => b.count - a.count),
        details: details
          .filter((d) => d.shareId === row.id)
          .slice(0, DETAILS_SHOWN)
          .map((d) => d.details!),
      };
      return toAdminGalleryItem(this.config.siteUrl, row, facts);
    });
  }
}
