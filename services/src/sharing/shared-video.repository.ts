import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { SharedVideoEntity } from './shared-video.entity';

export type NewSharedVideo = Omit<SharedVideoEntity, 'views' | 'remixes' | 'unsharedAt'>;

/** The settings a share's owner changes (PATCH /api/share/:id) and what the gallery's check decided. */
export type ShareChanges = Partial<
  Pick<
    SharedVideoEntity,
    'showPrompt' | 'creatorName' | 'allowImageRemix' | 'category' | 'galleryState' | 'galleryReason' | 'galleryAt'
  >
>;

/**
 * Every query of the share feature on `shared_videos` (the gallery's own are in gallery.repository.ts).
 * A share is live while `unshared_at` is null; methods that take an EntityManager run in the caller's
 * transaction.
 */
@Injectable()
export class SharedVideoRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get shares() {
    return this.dataSource.getRepository(SharedVideoEntity);
  }

  async insert(m: EntityManager, row: NewSharedVideo): Promise<void> {
    await m.insert(SharedVideoEntity, { ...row, views: 0, remixes: 0, unsharedAt: null });
  }

  /** A live share by its id, or null (unknown, or sharing stopped). */
  findLive(id: string, m: EntityManager = this.dataSource.manager): Promise<SharedVideoEntity | null> {
    return m.findOneBy(SharedVideoEntity, { id, unsharedAt: IsNull() });
  }

  /** The user's live share of this id, or null (another user's is null too). */
  findOwnLive(userId: string, id: string): Promise<SharedVideoEntity | null> {
    return this.shares.findOneBy({ id, userId, unsharedAt: IsNull() });
  }

  /** The live share of a task (at most one: sharing again returns it), or null. */
  liveOfTask(taskId: string, m: EntityManager = this.dataSource.manager): Promise<SharedVideoEntity | null> {
    return m.findOneBy(SharedVideoEntity, { taskId, unsharedAt: IsNull() });
  }

  /** The user's live shares of these tasks. */
  liveOfTasks(userId: string, taskIds: string[]): Promise<SharedVideoEntity[]> {
    if (!taskIds.length) return Promise.resolve([]);
    return this.shares.findBy({ userId, taskId: In(taskIds), unsharedAt: IsNull() });
  }

  async update(id: string, changes: ShareChanges): Promise<void> {
    if (Object.keys(changes).length) await this.shares.update({ id }, changes);
  }

  /** Stops the user's live share for good (one conditional update); whether it was live and theirs. */
  async unshare(userId: string, id: string, now: Date): Promise<boolean> {
    const { affected } = await this.shares.update({ id, userId, unsharedAt: IsNull() }, { unsharedAt: now });
    return Boolean(affected);
  }

  /** One view of a live share, unless `viewerId` is its owner: one conditional update; whether it counted. */
  async countView(id: string, viewerId: string | null): Promise<boolean> {
    const query = this.shares
      .createQueryBuilder()
      .update(SharedVideoEntity)
      .set({ views: () => 'views + 1' })
      .where('id = :id AND unshared_at IS NULL', { id });
    if (viewerId) query.andWhere('user_id <> :viewerId', { viewerId });
    return Boolean((await query.execute()).affected);
  }

  /** One remix of a live share, in the transaction that creates the remix's task; whether it was live. */
  async countRemix(m: EntityManager, id: string): Promise<boolean> {
    const { affected } = await m
      .createQueryBuilder()
      .update(SharedVideoEntity)
      .set({ remixes: () => 'remixes + 1' })
      .where('id = :id AND unshared_at IS NULL', { id })
      .execute();
    return Boolean(affected);
  }

  /** Every share of a task, live or not (its video was deleted from History); how many. */
  async deleteOfTask(taskId: string): Promise<number> {
    const { affected } = await this.shares.delete({ taskId });
    return affected ?? 0;
  }

  /** Every share of the user, in `m`'s transaction (the account is deleted); how many. */
  async deleteAllOf(m: EntityManager, userId: string): Promise<number> {
    const { affected } = await m.delete(SharedVideoEntity, { userId });
    return affected ?? 0;
  }

  /** The user's shares from `skip`, oldest first, stopped ones too (the data export). */
  pageOf(userId: string, skip: number, take: number): Promise<SharedVideoEntity[]> {
    return this.shares.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' }, skip, take });
  }

  /** The live shares listed in the gallery, newest listed first, at most `take` (the sitemap: the only indexable ones). */
  listedForSitemap(take: number): Promise<Pick<SharedVideoEntity, 'id' | 'galleryAt'>[]> {
    return this.shares.find({
      select: { id: true, galleryAt: true },
      where: { galleryState: 'listed', unsharedAt: IsNull() },
      order: { galleryAt: 'DESC' },
      take,
    });
  }
}
