import { createHmac, randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { GalleryList, GalleryListQuery, GalleryReportForm, GallerySort } from '@veo3/contracts/gallery';
import { ShareId } from '@veo3/contracts/sharing';
import type { AccountEraser } from '../account-deletion/account-eraser';
import { JWT_SECRET } from '../auth/auth.tokens';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { TransactionRunner } from '../database/transaction-runner';
import { GalleryReportLimit } from './gallery-report-limit';
import { toGalleryItem } from './gallery-views';
import { GalleryErrorCode, GalleryException } from './gallery.exception';
import { GalleryRepository, type GalleryCursor } from './gallery.repository';
import type { SharedVideoEntity } from './shared-video.entity';

/** How long a listing page is kept in this process: the gallery changes slowly, and is read on every home page. */
export const GALLERY_CACHE_MS = 5_000;
/** Pages kept at most (sorts × categories × a few pages × page sizes). */
const CACHE_ENTRIES = 500;
/** The gallery reason of a video held by visitors' reports. */
export const REPORTED_REASON = 'Reported by visitors';

/** Who reports: the signed-in user, else the visitor's address (never stored, only hashed). */
export interface Visitor {
  userId: string | null;
  ip: string;
}

function encodeCursor(sort: GallerySort, row: SharedVideoEntity): string {
  const value = sort === 'popular' ? row.views : (row.galleryAt ?? row.createdAt).getTime();
  return Buffer.from(`${sort}.${value}.${row.id}`).toString('base64url');
}

function decodeCursor(sort: GallerySort, cursor: string): GalleryCursor {
  const [kind, value, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  const number = Number(value);
  if (kind !== sort || !value || !Number.isSafeInteger(number) || !ShareId.safeParse(id).success)
    throw new BadRequestException('cursor is not a next_cursor of this sort');
  return { value: sort === 'popular' ? number : new Date(number), id: id! };
}

/**
 * The public gallery: its listing (one indexed query per page, each page kept GALLERY_CACHE_MS in
 * this process and dropped here at once when a moderator's change or visitors' reports take a video
 * out) and visitors' reports, which hold a listed video once GALLERY_REPORTS_TO_HOLD are open.
 */
@Injectable()
export class GalleryService implements AccountEraser {
  private readonly cache = new Map<string, { expires: number; list: GalleryList }>();
  private readonly reportKey: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JWT_SECRET) secret: string,
    private readonly gallery: GalleryRepository,
    private readonly transactions: TransactionRunner,
    private readonly limit: GalleryReportLimit,
  ) {
    // Its own key, derived from the session secret: a visitor's hash means nothing elsewhere.
    this.reportKey = createHmac('sha256', secret).update('gallery-report-visitor').digest();
  }

  /** A page of the gallery, from this process's cache when it holds it. */
  async list(query: GalleryListQuery): Promise<GalleryList> {
    const key = JSON.stringify([query.sort, query.category ?? '', query.cursor ?? '', query.page, query.limit]);
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.expires > now) return hit.list;
    const list = await this.read(query);
    if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { expires: now + GALLERY_CACHE_MS, list });
    return list;
  }

  /** Drops this process's cached pages (a video left or joined the gallery). */
  invalidate(): void {
    this.cache.clear();
  }

  private async read(query: GalleryListQuery): Promise<GalleryList> {
    const after = query.cursor ? decodeCursor(query.sort, query.cursor) : undefined;
    const page = after ? 1 : query.page;
    const rows = await this.gallery.listed({
      sort: query.sort,
      category: query.category,
      after,
      skip: after ? 0 : (page - 1) * query.limit,
      // One more than the page: whether another follows, without a count.
      take: query.limit + 1,
    });
    const items = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    return {
      items: items.map((row) => toGalleryItem(this.config.siteUrl, row)),
      next_cursor: hasMore ? encodeCursor(query.sort, items[items.length - 1]!) : null,
      page,
      has_more: hasMore,
    };
  }

  /** The video a report page is about: a live share, or 404. */
  async reportable(shareId: string): Promise<SharedVideoEntity> {
    const share = ShareId.safeParse(shareId).success ? await this.gallery.findLive(shareId) : null;
    if (!share) throw new GalleryException(GalleryErrorCode.NotFound, 'This video is not shared (any more).');
    return share;
  }

  /**
   * A visitor's report: counted against their hourly limit, taken once per visitor and video (a repeat
   * is answered the same and changes nothing); the report that makes GALLERY_REPORTS_TO_HOLD open ones
   * holds a listed video until an admin reviews it.
   */
  async report(shareId: string, form: GalleryReportForm, visitor: Visitor): Promise<void> {
    const reporterKey = this.visitorKey(visitor);
    await this.limit.take(reporterKey);
    const held = await this.transactions.run(async (m) => {
      const share = ShareId.safeParse(shareId).success ? await this.gallery.findLive(shareId, m) : null;
      if (!share) throw new GalleryException(GalleryErrorCode.NotFound, 'This video is not shared (any more).');
      const added = await this.gallery.addReport(m, {
        id: randomUUID(),
        shareId,
        reporterKey,
        reporterId: visitor.userId,
        reason: form.reason,
        details: form.details ?? null,
      });
      if (!added || share.galleryState !== 'listed') return false;
      if ((await this.gallery.openReportCount(m, shareId)) < this.config.gallery.reportsToHold) return false;
      return this.gallery.setState(m, shareId, ['listed'], { state: 'held', reason: REPORTED_REASON });
    });
    if (held) this.invalidate();
  }

  /** A keyed hash of who reports: the same visitor always gets the same one, which tells nothing of them. */
  private visitorKey(visitor: Visitor): string {
    const who = visitor.userId ? `user:${visitor.userId}` : `ip:${visitor.ip}`;
    return createHmac('sha256', this.reportKey).update(who).digest('hex');
  }

  /** Account deletion: the user's reports lose who wrote them and their words; their ban goes. */
  async forgetUser(userId: string): Promise<void> {
    await this.transactions.run(async (m) => {
      await this.gallery.forgetReporter(m, userId);
      await this.gallery.removeBan(m, userId);
    });
  }
}
