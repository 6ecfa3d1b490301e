import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, In, IsNull, type EntityManager, type Repository } from 'typeorm';
import type { AdminGalleryFilter, GalleryReportReason, GallerySort } from '@veo3/contracts/gallery';
import type { GalleryCategory } from '@veo3/contracts/sharing';
import { isUniqueViolation } from '../database/transaction';
import { GalleryBanEntity } from './gallery-ban.entity';
import { GalleryReportEntity } from './gallery-report.entity';
import { SharedVideoEntity } from './shared-video.entity';

/** Where a cursor page starts: after the row with this sort value (listed time or views) and id. */
export interface GalleryCursor {
  value: Date | number;
  id: string;
}

export interface GalleryPageRequest {
  sort: GallerySort;
  category?: GalleryCategory;
  after?: GalleryCursor;
  skip: number;
  take: number;
}

/** The columns a public listing shows (never the owner or the task). */
const LISTED_COLUMNS = [
  'id',
  'prompt',
  'showPrompt',
  'model',
  'durationS',
  'aspectRatio',
  'creatorName',
  'views',
  'remixes',
  'category',
  'galleryAt',
  'createdAt',
] as const satisfies readonly (keyof SharedVideoEntity)[];

/** Open reports of some videos, by video and reason. */
export interface OpenReportCount {
  shareId: string;
  reason: GalleryReportReason;
  count: number;
}

/**
 * The gallery's queries: its listing and review queue on `shared_videos` (whose writes for sharing
 * are the share feature's SharedVideoRepository), and its own tables, `gallery_reports` and `gallery_bans`.
 */
@Injectable()
export class GalleryRepository {
  private readonly shares: Repository<SharedVideoEntity>;
  private readonly reports: Repository<GalleryReportEntity>;
  private readonly bans: Repository<GalleryBanEntity>;

  constructor(dataSource: DataSource) {
    this.shares = dataSource.getRepository(SharedVideoEntity);
    this.reports = dataSource.getRepository(GalleryReportEntity);
    this.bans = dataSource.getRepository(GalleryBanEntity);
  }

  /**
   * One page of listed, live videos: one statement on the gallery's indexes (state + listed time, or
   * state + views). `take` rows at most; the caller asks for one more to know whether a page follows.
   */
  listed(request: GalleryPageRequest): Promise<SharedVideoEntity[]> {
    const column = request.sort === 'popular' ? 's.views' : 's.galleryAt';
    const select = this.shares
      .createQueryBuilder('s')
      .select(LISTED_COLUMNS.map((c) => `s.${c}`))
      .where("s.galleryState = 'listed'")
      .andWhere('s.unsharedAt IS NULL')
      .orderBy(column, 'DESC')
      .addOrderBy('s.id', 'DESC')
      .limit(request.take)
      .offset(request.skip);
    if (request.category) select.andWhere('s.category = :category', { category: request.category });
    const after = request.after;
    if (after) {
      select.andWhere(
        new Brackets((w) =>
          w
            .where(`${column} < :value`, { value: after.value })
            .orWhere(new Brackets((tie) => tie.where(`${column} = :value`).andWhere('s.id < :id', { id: after.id }))),
        ),
      );
    }
    return select.getMany();
  }

  /** A live (still shared) video, or null. */
  findLive(id: string, m: EntityManager = this.shares.manager): Promise<SharedVideoEntity | null> {
    return m.findOneBy(SharedVideoEntity, { id, unsharedAt: IsNull() });
  }

  /** Sets a live video's gallery state and reason, when its state is one of `from`; whether it changed. */
  async setState(
    m: EntityManager,
    id: string,
    from: SharedVideoEntity['galleryState'][],
    change: { state: SharedVideoEntity['galleryState']; reason: string | null; listedAt?: Date },
  ): Promise<boolean> {
    const { affected } = await m.update(
      SharedVideoEntity,
      { id, unsharedAt: IsNull(), galleryState: In(from) },
      {
        galleryState: change.state,
        galleryReason: change.reason,
        ...(change.listedAt && { galleryAt: change.listedAt }),
      },
    );
    return (affected ?? 0) > 0;
  }

  /** Hides every live video of `userId` that is listed or held; how many. */
  async hideAllOf(m: EntityManager, userId: string, reason: string): Promise<number> {
    const { affected } = await m.update(
      SharedVideoEntity,
      { userId, unsharedAt: IsNull(), galleryState: In(['listed', 'held']) },
      { galleryState: 'hidden', galleryReason: reason },
    );
    return affected ?? 0;
  }

  // reports

  /** Adds a report; false when this visitor already reported this video (the unique index decides). */
  async addReport(m: EntityManager, row: Omit<GalleryReportEntity, 'createdAt' | 'closedAt'>): Promise<boolean> {
    try {
      await m.insert(GalleryReportEntity, { ...row, createdAt: new Date(), closedAt: null });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** How many open reports a video has. */
  openReportCount(m: EntityManager, shareId: string): Promise<number> {
    return m.countBy(GalleryReportEntity, { shareId, closedAt: IsNull() });
  }

  /** Closes a video's open reports (reviewed); how many. */
  async closeReports(m: EntityManager, shareId: string, at: Date): Promise<number> {
    const { affected } = await m.update(GalleryReportEntity, { shareId, closedAt: IsNull() }, { closedAt: at });
    return affected ?? 0;
  }

  /** Open reports of the videos `shareIds`, counted by video and reason. */
  async openCounts(shareIds: string[]): Promise<OpenReportCount[]> {
    if (!shareIds.length) return [];
    const rows = await this.reports
      .createQueryBuilder('r')
      .select('r.shareId', 'shareId')
      .addSelect('r.reason', 'reason')
      .addSelect('COUNT(*)', 'count')
      .where('r.closedAt IS NULL')
      .andWhere('r.shareId IN (:...shareIds)', { shareIds })
      .groupBy('r.shareId')
      .addGroupBy('r.reason')
      .getRawMany<{ shareId: string; reason: GalleryReportReason; count: string | number }>();
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  }

  /** The details written in the open reports of `shareIds`, newest first. */
  openDetails(shareIds: string[]): Promise<Pick<GalleryReportEntity, 'shareId' | 'details'>[]> {
    if (!shareIds.length) return Promise.resolve([]);
    return this.reports
      .createQueryBuilder('r')
      .select(['r.shareId', 'r.details'])
      .where('r.closedAt IS NULL')
      .andWhere('r.details IS NOT NULL')
      .andWhere('r.shareId IN (:...shareIds)', { shareIds })
      .orderBy('r.createdAt', 'DESC')
      .getMany();
  }

  /** The review queue's page: live videos in a gallery state, or (reported) with open reports, and how many. */
  async reviewPage(filter: AdminGalleryFilter, skip: number, take: number): Promise<[SharedVideoEntity[], number]> {
    if (filter === 'reported') return this.reportedPage(skip, take);
    const select = this.shares
      .createQueryBuilder('s')
      .where('s.galleryState = :state', { state: filter })
      .andWhere('s.unsharedAt IS NULL')
      .skip(skip)
      .take(take);
    // Waiting for review: the oldest first, a queue; the others the newest first.
    if (filter === 'held') select.orderBy('s.createdAt', 'ASC').addOrderBy('s.id', 'ASC');
    else if (filter === 'listed') select.orderBy('s.galleryAt', 'DESC').addOrderBy('s.id', 'DESC');
    else select.orderBy('s.createdAt', 'DESC').addOrderBy('s.id', 'DESC');
    return select.getManyAndCount();
  }

  /** Live videos with open reports, the most reported first (then the latest reported). */
  private async reportedPage(skip: number, take: number): Promise<[SharedVideoEntity[], number]> {
    const open = () =>
      this.reports
        .createQueryBuilder('r')
        .innerJoin(SharedVideoEntity, 's', 's.id = r.shareId AND s.unsharedAt IS NULL')
        .where('r.closedAt IS NULL');
    const counted = await open().select('COUNT(DISTINCT r.shareId)', 'total').getRawOne<{ total: string | number }>();
    const ids = await open()
      .select('r.shareId', 'shareId')
      .addSelect('COUNT(*)', 'open_count')
      .addSelect('MAX(r.createdAt)', 'latest_at')
      .groupBy('r.shareId')
      .orderBy('open_count', 'DESC')
      .addOrderBy('latest_at', 'DESC')
      .addOrderBy('r.shareId', 'ASC')
      .offset(skip)
      .limit(take)
      .getRawMany<{ shareId: string }>();
    const total = Number(counted?.total ?? 0);
    if (!ids.length) return [[], total];
    const rows = await this.shares.findBy({ id: In(ids.map((r) => r.shareId)) });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return [ids.map((r) => byId.get(r.shareId)).filter((row): row is SharedVideoEntity => !!row), total];
  }

  /** The reports a signed-in user made, oldest first (their data export). */
  reportsBy(userId: string, skip: number, take: number): Promise<GalleryReportEntity[]> {
    return this.reports.find({ where: { reporterId: userId }, order: { createdAt: 'ASC', id: 'ASC' }, skip, take });
  }

  /** A deleted account's reports stay (they are about the videos) without who wrote them or what they wrote. */
  async forgetReporter(m: EntityManager, userId: string): Promise<number> {
    const { affected } = await m.update(
      GalleryReportEntity,
      { reporterId: userId },
      { reporterId: null, details: null },
    );
    return affected ?? 0;
  }

  // bans

  findBan(userId: string, m: EntityManager = this.bans.manager): Promise<GalleryBanEntity | null> {
    return m.findOneBy(GalleryBanEntity, { userId });
  }

  /** Which of `userIds` are banned. */
  async bannedAmong(userIds: string[]): Promise<Set<string>> {
    if (!userIds.length) return new Set();
    const rows = await this.bans.find({ select: { userId: true }, where: { userId: In([...new Set(userIds)]) } });
    return new Set(rows.map((row) => row.userId));
  }

  /** Bans a user; false when they are banned already. */
  async addBan(m: EntityManager, ban: Omit<GalleryBanEntity, 'createdAt'>): Promise<boolean> {
    try {
      await m.insert(GalleryBanEntity, { ...ban, createdAt: new Date() });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Lifts a user's ban; whether there was one. */
  async removeBan(m: EntityManager, userId: string): Promise<boolean> {
    const { affected } = await m.delete(GalleryBanEntity, { userId });
    return (affected ?? 0) > 0;
  }

  /** A user's ban (at most one row), for their data export. */
  bansOf(userId: string, skip: number, take: number): Promise<GalleryBanEntity[]> {
    return this.bans.find({ where: { userId }, skip, take });
  }
}
