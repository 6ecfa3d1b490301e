import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, In, IsNull, LessThan, MoreThan, MoreThanOrEqual, Or, type EntityManager } from 'typeorm';
import { EntityRows } from '../database/entity-rows';
import { groupedByUtcDay } from '../database/utc-day';
import { WorkerEntity } from '../scheduling/worker.entity';
import { UNFINISHED, VideoTaskEntity } from './video-task.entity';

/** The columns a task's status reply shows (VideoHistoryService.toPublic). */
const STATUS_COLUMNS: (keyof VideoTaskEntity & string)[] = [
  'id',
  'status',
  'statusMessage',
  'resultPath',
  'posterPath',
  'errorCode',
  'model',
  'prompt',
  'negativePrompt',
  'imagePath',
  'lastFramePath',
  'aspectRatio',
  'resolution',
  'kind',
  'parentTaskId',
  'rootTaskId',
  'instruction',
  'durationS',
  'referenceImages',
  'seed',
  'batchId',
  'effectInputs',
  'createdAt',
  'updatedAt',
];

/** A version's video: rows written by older releases have no root, which stands for their own id. */
const ROOT = 'COALESCE(t.root_task_id, t.id)';

/** What an API key did (VideoTaskRepository.usageByKeys). */
export interface ApiKeyUsage {
  videos: number;
  videosSince: number;
  spent: number;
  spentSince: number;
}

/** The fields a new task is written with. */
export type NewVideoTask = Omit<
  VideoTaskEntity,
  | 'providerJobId'
  | 'providerModel'
  | 'resultPath'
  | 'posterPath'
  | 'errorCode'
  | 'errorMessage'
  | 'lockedBy'
  | 'lockedUntil'
  | 'finishedAt'
  | 'finishedBy'
  | 'deletedAt'
  | 'createdAt'
  | 'updatedAt'
  | EffectColumn
> &
  Partial<Pick<VideoTaskEntity, EffectColumn>>;

/** What only a task made from an effect sets (null on any other). */
type EffectColumn = 'effectId' | 'providerPrompt' | 'effectInputs' | 'peopleConsentAt';

/**
 * Every read and write of `video_tasks`: the API's (creating, status, history, files, callbacks)
 * and the worker's (leases, progress, outcome). Methods that take an EntityManager run in the
 * caller's transaction.
 */
@Injectable()
export class VideoTaskRepository {
  private readonly statusRows: EntityRows<VideoTaskEntity>;
  private readonly statusSql: string;

  constructor(private readonly dataSource: DataSource) {
    this.statusRows = new EntityRows(dataSource, VideoTaskEntity);
    this.statusSql =
      `SELECT ${this.statusRows.columns('t', STATUS_COLUMNS)} FROM video_tasks t ` +
      'WHERE t.id = :id AND t.user_id = :userId AND t.deleted_at IS NULL';
  }

  private get tasks() {
    return this.dataSource.getRepository(VideoTaskEntity);
  }

  // --- the API's reads and writes ---

  /**
   * Writes a new task in the caller's transaction, stamped here to the millisecond (SQLite's column
   * default keeps whole seconds), so versions made within a second still read newest first.
   * Variations made together pass their own stamps a millisecond apart, so they keep their order.
   */
  async create(m: EntityManager, task: NewVideoTask, createdAt = new Date()): Promise<void> {
    await m.insert(VideoTaskEntity, { ...task, createdAt });
  }

  /** Every task of the user, deleted ones too, with the names of their stored files (a deleted account's). */
  filesOf(userId: string): Promise<VideoTaskEntity[]> {
    return this.tasks.find({
      select: {
        id: true,
        resultPath: true,
        posterPath: true,
        imagePath: true,
        lastFramePath: true,
        referenceImages: true,
      },
      where: { userId },
    });
  }

  /** Deletes every task of the user (prompts and all), in `m`'s transaction; how many. */
  async deleteAllOf(m: EntityManager, userId: string): Promise<number> {
    const { affected } = await m.delete(VideoTaskEntity, { userId });
    return affected ?? 0;
  }

  /** The user's latest `take` tasks, newest first, deleted ones too (the admin console's user page). */
  latestOf(userId: string, take: number): Promise<VideoTaskEntity[]> {
    return this.tasks.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take });
  }

  /** The user's tasks from `skip`, oldest first, deleted ones too (the data export). */
  pageOf(userId: string, skip: number, take: number): Promise<VideoTaskEntity[]> {
    return this.tasks.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' }, skip, take });
  }

  /** The user's latest `take` tasks of every status and kind, newest first, deleted ones left out (the generator's feed). */
  recentOf(userId: string, take: number): Promise<VideoTaskEntity[]> {
    return this.tasks.find({
      where: { userId, deletedAt: IsNull() },
      order: { createdAt: 'DESC', id: 'DESC' },
      take,
    });
  }

  /**
   * How many generations the user has in the making (pending or processing), the variations of one
   * request counted once; in the caller's transaction when `m` is given.
   */
  async activeCount(userId: string, m: EntityManager = this.dataSource.manager): Promise<number> {
    const row = await m
      .createQueryBuilder(VideoTaskEntity, 't')
      .select('COUNT(DISTINCT COALESCE(t.batch_id, t.id))', 'n')
      .where('t.user_id = :userId', { userId })
      .andWhere('t.status IN (:...unfinished)', { unfinished: UNFINISHED })
      .getRawOne<{ n: number | string }>();
    return Number(row?.n ?? 0);
  }

  /**
   * Credits spent through an API key since `since` (a failed video is refunded, so it does not
   * count); read in the debit's transaction, under the owner's balance lock.
   */
  async spentByKey(m: EntityManager, apiKeyId: string, since: Date): Promise<number> {
    const row = await m
      .createQueryBuilder(VideoTaskEntity, 't')
      .select('COALESCE(SUM(t.cost), 0)', 'spent')
      .where('t.api_key_id = :apiKeyId', { apiKeyId })
      .andWhere('t.created_at >= :since', { since })
      .andWhere("t.status <> 'failed'")
      .getRawOne<{ spent: number | string }>();
    return Number(row?.spent ?? 0);
  }

  /** Per API key: videos asked for and credits spent (failed ones refunded), in all and since `since`. */
  async usageByKeys(apiKeyIds: string[], since: Date): Promise<Map<string, ApiKeyUsage>> {
    if (!apiKeyIds.length) return new Map();
    const rows = await this.tasks
      .createQueryBuilder('t')
      .select('t.api_key_id', 'key')
      .addSelect('COUNT(*)', 'videos')
      .addSelect('SUM(CASE WHEN t.created_at >= :since THEN 1 ELSE 0 END)', 'videosSince')
      .addSelect("SUM(CASE WHEN t.status <> 'failed' THEN t.cost ELSE 0 END)", 'spent')
      .addSelect("SUM(CASE WHEN t.status <> 'failed' AND t.created_at >= :since THEN t.cost ELSE 0 END)", 'spentSince')
      .where('t.api_key_id IN (:...apiKeyIds)', { apiKeyIds })
      .setParameter('since', since)
      .groupBy('t.api_key_id')
      .getRawMany<Record<'key' | 'videos' | 'videosSince' | 'spent' | 'spentSince', string | number>>();
    return new Map(
      rows.map((r) => [
        String(r.key),
        {
          videos: Number(r.videos),
          videosSince: Number(r.videosSince),
          spent: Number(r.spent),
          spentSince: Number(r.spentSince),
        },
      ]),
    );
  }

  /** The ids of a user's batch of variations, in the order they were made. */
  async batchIds(userId: string, batchId: string): Promise<string[]> {
    const tasks = await this.tasks.find({
      select: { id: true },
      where: { userId, batchId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return tasks.map((t) => t.id);
  }

  /** The task a user's Idempotency-Key made, if any (the first of a batch of variations). */
  findByClientKey(userId: string, clientKey: string): Promise<VideoTaskEntity | null> {
    return this.tasks.findOneBy({ userId, clientKey });
  }

  /** What a provider callback needs to judge its token. */
  findForCallback(id: string): Promise<Pick<VideoTaskEntity, 'id' | 'status' | 'callbackToken'> | null> {
    return this.tasks.findOne({ select: { id: true, status: true, callbackToken: true }, where: { id } });
  }

  findById(id: string): Promise<VideoTaskEntity | null> {
    return this.tasks.findOneBy({ id });
  }

  /**
   * Whether the provider refused, for safety, any version of the video `taskId` belongs to (the
   * gallery holds such a video for review). Two indexed reads: the task's root, then its versions.
   */
  async safetyRefusedInVideo(userId: string, taskId: string): Promise<boolean> {
    const task = await this.tasks.findOne({ select: { id: true, rootTaskId: true }, where: { id: taskId, userId } });
    if (!task) return false;
    const refused = await this.tasks.findOne({
      select: { id: true },
      where: { userId, rootTaskId: task.rootTaskId ?? task.id, errorCode: 'safety_blocked' },
    });
    return refused !== null;
  }

  /** A user's task that is not deleted (an edit's parent), or null. */
  findOwned(userId: string, id: string): Promise<VideoTaskEntity | null> {
    return this.tasks.findOneBy({ id, userId, deletedAt: IsNull() });
  }

  /**
   * The columns of STATUS_COLUMNS of a user's task, or null when the user has no such task (or deleted it). The
   * generator polls this every few seconds: one fixed statement, without the query builder.
   */
  async findStatus(userId: string, id: string): Promise<VideoTaskEntity | null> {
    const [row] = await this.statusRows.query(this.statusSql, { id, userId });
    return row ? this.statusRows.hydrate(row) : null;
  }

  /** A user's unfinished tasks, newest first, at most `take`. */
  latestUnfinished(userId: string, take: number): Promise<VideoTaskEntity[]> {
    return this.tasks.find({
      where: { userId, status: In(UNFINISHED) },
      order: { createdAt: 'DESC', id: 'DESC' },
      take,
    });
  }

  /** A user's tasks finished (completed or failed) at or after `since`, latest finished first, at most `take`. */
  latestFinishedSince(userId: string, since: Date, take: number): Promise<VideoTaskEntity[]> {
    return this.tasks.find({
      where: { userId, status: In(['completed', 'failed']), finishedAt: MoreThanOrEqual(since), deletedAt: IsNull() },
      order: { finishedAt: 'DESC', id: 'DESC' },
      take,
    });
  }

  /**
   * One page of a user's videos (versions grouped by their root) that have a completed version with
   * a file and not deleted, by their newest such version first, and how many videos there are:
   * each video's root id with its versions, newest first.
   */
  async completedVideosPage(
    userId: string,
    skip: number,
    take: number,
  ): Promise<[{ root: string; versions: VideoTaskEntity[] }[], number]> {
    const shown = () =>
      this.tasks
        .createQueryBuilder('t')
        .where('t.user_id = :userId', { userId })
        .andWhere("t.status = 'completed' AND t.result_path IS NOT NULL AND t.deleted_at IS NULL");
    const [counted, page] = await Promise.all([
      shown().select(`COUNT(DISTINCT ${ROOT})`, 'n').getRawOne<{ n: number | string }>(),
      shown()
        .select(ROOT, 'root')
        .addSelect('MAX(t.created_at)', 'latest')
        .groupBy(ROOT)
        .orderBy('latest', 'DESC')
        .addOrderBy('root', 'DESC')
        .offset(skip)
        .limit(take)
        .getRawMany<{ root: string }>(),
    ]);
    const roots = page.map((row) => row.root);
    const versions = roots.length
      ? await shown()
          .andWhere(`${ROOT} IN (:...roots)`, { roots })
          .orderBy('t.createdAt', 'DESC')
          .addOrderBy('t.id', 'DESC')
          .getMany()
      : [];
    const videos = roots.map((root) => ({
      root,
      versions: versions.filter((v) => (v.rootTaskId ?? v.id) === root),
    }));
    return [videos, Number(counted?.n ?? 0)];
  }

  /**
   * Marks a user's finished task deleted at `now` in one conditional update; whether it changed a row
   * (not when the task is missing, another user's, unfinished or already deleted).
   */
  async markDeleted(userId: string, id: string, now: Date): Promise<boolean> {
    const { affected } = await this.tasks.update(
      { id, userId, status: In(['completed', 'failed']), deletedAt: IsNull() },
      { deletedAt: now },
    );
    return Boolean(affected);
  }

  /** Undoes markDeleted if the task was deleted after `deletedAfter`; whether it changed a row. */
  async restore(userId: string, id: string, deletedAfter: Date): Promise<boolean> {
    const { affected } = await this.tasks.update(
      { id, userId, deletedAt: MoreThan(deletedAfter) },
      { deletedAt: null },
    );
    return Boolean(affected);
  }

  /**
   * A page of a user's tasks (deleted ones left out), newest first by (created_at, id), after the task
   * `after` (the previous page's last): a stable order, so new tasks never shift a later page.
   */
  pageAfter(
    userId: string,
    after: Pick<VideoTaskEntity, 'id' | 'createdAt'> | null,
    take: number,
  ): Promise<VideoTaskEntity[]> {
    const query = this.tasks.createQueryBuilder('t').where('t.user_id = :userId AND t.deleted_at IS NULL', { userId });
    if (after) {
      query.andWhere(
        new Brackets((w) =>
          w
            .where('t.created_at < :at', { at: after.createdAt })
            .orWhere('t.created_at = :at AND t.id < :afterId', { afterId: after.id }),
        ),
      );
    }
    return query.orderBy('t.created_at', 'DESC').addOrderBy('t.id', 'DESC').limit(take).getMany();
  }

  /** Where a user's task stands in pageAfter's order (deleted ones too, so a cursor outlives a delete); null: none. */
  findCursor(userId: string, id: string): Promise<Pick<VideoTaskEntity, 'id' | 'createdAt'> | null> {
    return this.tasks.findOne({ select: { id: true, createdAt: true }, where: { id, userId } });
  }

  /**
   * Cancels a user's task that is still queued (pending, and no worker holds a live lease on it at
   * `now`), in `m`'s transaction: failed with the code `cancelled`. One conditional update, so a
   * worker's claim and a cancel never both win; whether it cancelled.
   */
  async cancelQueued(m: EntityManager, userId: string, id: string, now: Date): Promise<boolean> {
    const { affected } = await m.update(
      VideoTaskEntity,
      { id, userId, status: 'pending', deletedAt: IsNull(), lockedUntil: Or(IsNull(), LessThan(now)) },
      {
        status: 'failed',
        errorCode: 'cancelled',
        errorMessage: 'Cancelled by its owner before it started',
        statusMessage: null,
        finishedAt: now,
        lockedBy: null,
        lockedUntil: null,
      },
    );
    return Boolean(affected);
  }

  /** Whether a user's task exists, is finished and is deleted (deleted or not); null when the user has no such task. */
  findDeletion(userId: string, id: string): Promise<Pick<VideoTaskEntity, 'status' | 'deletedAt'> | null> {
    return this.tasks.findOne({ select: { status: true, deletedAt: true }, where: { id, userId } });
  }

  // --- the worker's leases ---

  /**
   * Takes the task's lease for `workerId` until `until` if it is unfinished and nobody holds a live
   * lease on it (at `now`); the task as leased, or null.
   */
  async claim(id: string, workerId: string, now: Date, until: Date): Promise<VideoTaskEntity | null> {
    const { affected } = await this.tasks.update(
      { id, status: In(UNFINISHED), lockedUntil: Or(IsNull(), LessThan(now)) },
      { lockedBy: workerId, lockedUntil: until },
    );
    if (!affected) return null;
    return this.tasks.findOneBy({ id, lockedBy: workerId });
  }

  /** Writes `changes` and hands the lease back, provided `workerId` still holds it. */
  async release(id: string, workerId: string, changes: Partial<VideoTaskEntity>): Promise<void> {
    await this.tasks.update({ id, lockedBy: workerId }, { ...changes, lockedBy: null, lockedUntil: null });
  }

  /** Hands back every lease `workerId` holds (on shutdown). */
  async releaseAllOf(workerId: string): Promise<void> {
    await this.tasks.update({ lockedBy: workerId }, { lockedBy: null, lockedUntil: null });
  }

  /** The leases `workerId` holds on unfinished tasks last until `until`. */
  async extendLeasesOf(workerId: string, until: Date): Promise<void> {
    await this.tasks.update({ lockedBy: workerId, status: In(UNFINISHED) }, { lockedUntil: until });
  }

  /** Unfinished tasks leased by a worker with no heartbeat after `deadBefore` (or no worker row). */
  heldByDeadWorkers(deadBefore: Date): Promise<Pick<VideoTaskEntity, 'id' | 'lockedBy'>[]> {
    return this.tasks
      .createQueryBuilder('t')
      .select(['t.id', 't.lockedBy'])
      .where('t.status IN (:...unfinished)', { unfinished: UNFINISHED })
      .andWhere('t.locked_by IS NOT NULL')
      .andWhere(`t.locked_by NOT IN (${this.liveWorkersQuery()})`, { deadBefore })
      .getMany();
  }

  /**
   * Frees the task's lease if `holder` still holds it and is still dead (judged again in the same
   * statement, so a worker that beats meanwhile keeps it); whether it was freed.
   */
  async releaseIfHolderDead(id: string, holder: string | null, deadBefore: Date): Promise<boolean> {
    const { affected } = await this.dataSource
      .createQueryBuilder()
      .update(VideoTaskEntity)
      .set({ lockedBy: null, lockedUntil: null })
      .where('id = :id AND locked_by = :holder', { id, holder })
      .andWhere(`locked_by NOT IN (${this.liveWorkersQuery()})`, { deadBefore })
      .execute();
    return Boolean(affected);
  }

  /**
   * The ids of unfinished tasks: all of them, or (`idleBefore` given) those not updated since then
   * and with no lease live at `now`.
   */
  async unfinishedIds(idle?: { idleBefore: Date; now: Date }): Promise<string[]> {
    const tasks = await this.tasks.find({
      select: { id: true },
      where: {
        status: In(UNFINISHED),
        ...(idle ? { updatedAt: LessThan(idle.idleBefore), lockedUntil: Or(IsNull(), LessThan(idle.now)) } : {}),
      },
    });
    return tasks.map((t) => t.id);
  }

  // --- the worker's progress and outcome ---

  /** The status message of an unfinished task; whether it changed a row. */
  async setMessage(id: string, message: string): Promise<boolean> {
    const { affected } = await this.tasks.update({ id, status: In(UNFINISHED) }, { statusMessage: message });
    return Boolean(affected);
  }

  /** Marks an unfinished task completed (lease handed back); whether it was still unfinished. */
  async markCompleted(
    id: string,
    outcome: Pick<VideoTaskEntity, 'resultPath' | 'posterPath' | 'finishedBy'>,
    m: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const { affected } = await m.update(
      VideoTaskEntity,
      { id, status: In(UNFINISHED) },
      {
        status: 'completed',
        ...outcome,
        statusMessage: 'Your video is ready',
        finishedAt: new Date(),
        lockedBy: null,
        lockedUntil: null,
      },
    );
    return Boolean(affected);
  }

  /**
   * Marks an unfinished task failed (lease handed back) in the caller's transaction; whether it was
   * still unfinished (a second call changes nothing).
   */
  async markFailed(
    m: EntityManager,
    id: string,
    outcome: Pick<VideoTaskEntity, 'errorCode' | 'errorMessage' | 'finishedBy'>,
  ): Promise<boolean> {
    const { affected } = await m.update(
      VideoTaskEntity,
      { id, status: In(UNFINISHED) },
      { status: 'failed', ...outcome, statusMessage: null, finishedAt: new Date(), lockedBy: null, lockedUntil: null },
    );
    return Boolean(affected);
  }

  // --- the retention purge's ---

  /** Up to `take` tasks that failed before `before` and still hold uploaded pictures. */
  failedWithUploadsBefore(
    before: Date,
    take: number,
  ): Promise<Pick<VideoTaskEntity, 'id' | 'imagePath' | 'lastFramePath' | 'referenceImages'>[]> {
    return this.tasks
      .createQueryBuilder('t')
      .select(['t.id', 't.imagePath', 't.lastFramePath', 't.referenceImages'])
      .where("t.status = 'failed' AND COALESCE(t.finished_at, t.updated_at) < :before", { before })
      .andWhere('(t.image_path IS NOT NULL OR t.last_frame_path IS NOT NULL OR t.reference_images IS NOT NULL)')
      .orderBy('t.id')
      .take(take)
      .getMany();
  }

  /** Forgets a failed task's uploaded pictures (their files already deleted). */
  async clearUploads(id: string): Promise<void> {
    await this.tasks.update(
      { id, status: 'failed' },
      { imagePath: null, imageMime: null, lastFramePath: null, lastFrameMime: null, referenceImages: null },
    );
  }

  /**
   * Up to `take` tasks deleted from History before `before`, except the parents of unfinished tasks
   * (an edit or extension in the making reads its parent's video).
   */
  deletedBefore(
    before: Date,
    take: number,
  ): Promise<
    Pick<VideoTaskEntity, 'id' | 'resultPath' | 'posterPath' | 'imagePath' | 'lastFramePath' | 'referenceImages'>[]
  > {
    return this.tasks
      .createQueryBuilder('t')
      .select(['t.id', 't.resultPath', 't.posterPath', 't.imagePath', 't.lastFramePath', 't.referenceImages'])
      .where('t.deleted_at < :before', { before })
      .andWhere(
        'NOT EXISTS (SELECT 1 FROM video_tasks c WHERE c.parent_task_id = t.id AND c.status IN (:...unfinished))',
        { unfinished: UNFINISHED },
      )
      .orderBy('t.id')
      .take(take)
      .getMany();
  }

  /** Deletes the row of a task deleted before `before` (its files already gone); whether it did. */
  async deleteIfDeletedBefore(id: string, before: Date): Promise<boolean> {
    const { affected } = await this.tasks.delete({ id, deletedAt: LessThan(before) });
    return Boolean(affected);
  }

  // --- the metrics' ---

  /** Pending and processing tasks: how many of each, and when the oldest of each was created (ms). */
  async unfinishedByStatus(): Promise<{ status: string; count: number; oldest: number | null }[]> {
    const rows: { status: string; n: number | string; oldest: string | Date | null }[] = await this.dataSource.query(
      "SELECT status, COUNT(*) AS n, MIN(created_at) AS oldest FROM video_tasks WHERE status IN ('pending', 'processing') GROUP BY status",
    );
    return rows.map((row) => ({
      status: row.status,
      count: Number(row.n),
      oldest: row.oldest ? databaseTime(row.oldest) : null,
    }));
  }

  // --- the admin console's ---

  /**
   * One page of failed tasks, or of stuck ones (unfinished, untouched or unleased since `stuckBefore`),
   * most recently touched first, and how many there are.
   */
  troubledPage(
    filter: 'failed' | 'stuck',
    stuckBefore: Date,
    page: { skip: number; take: number },
  ): Promise<[VideoTaskEntity[], number]> {
    const select = this.tasks.createQueryBuilder('t');
    if (filter === 'failed') select.where('t.status = :failed', { failed: 'failed' });
    else {
      select
        .where('t.status IN (:...unfinished)', { unfinished: UNFINISHED })
        .andWhere(
          new Brackets((w) =>
            w.where('t.updated_at < :before', { before: stuckBefore }).orWhere('t.locked_until < :before'),
          ),
        );
    }
    return select
      .orderBy('t.updatedAt', 'DESC')
      .addOrderBy('t.id', 'DESC')
      .skip(page.skip)
      .take(page.take)
      .getManyAndCount();
  }

  /** The task in the caller's transaction, its row locked for the transaction when `lock` (MySQL only). */
  findIn(m: EntityManager, id: string, lock = false): Promise<VideoTaskEntity | null> {
    return m.findOne(VideoTaskEntity, {
      where: { id },
      // SQLite runs one transaction at a time: nothing to lock against.
      lock: lock && this.dataSource.options.type === 'mysql' ? { mode: 'pessimistic_write' } : undefined,
    });
  }

  /**
   * Puts the task back to pending, from the start (its timeout counting from `now`), if it is still
   * `seenStatus`; whether it did.
   */
  async requeue(m: EntityManager, id: string, seenStatus: VideoTaskEntity['status'], now: Date): Promise<boolean> {
    const { affected } = await m.update(
      VideoTaskEntity,
      { id, status: seenStatus },
      {
        status: 'pending',
        statusMessage: null,
        errorCode: null,
        errorMessage: null,
        providerJobId: null,
        attempts: 0,
        lockedBy: null,
        lockedUntil: null,
        finishedAt: null,
        finishedBy: null,
        createdAt: now,
      },
    );
    return Boolean(affected);
  }

  /** Tasks created in [start, end) by UTC day, model and outcome (succeeded, failed or unfinished). */
  generationsByDay(range: {
    start: Date;
    end: Date;
  }): Promise<{ day: string; model: string; outcome: string; n: number | string }[]> {
    return groupedByUtcDay(this.dataSource, VideoTaskEntity, 't', 't.created_at', range)
      .addSelect('t.model', 'model')
      .addSelect(
        "CASE WHEN t.status = 'completed' THEN 'succeeded' WHEN t.status = 'failed' THEN 'failed' ELSE 'unfinished' END",
        'outcome',
      )
      .addSelect('COUNT(*)', 'n')
      .addGroupBy('t.model')
      .addGroupBy('outcome')
      .getRawMany();
  }

  /**
   * New videos completed since `since` (newest first, at most `take`): their model and how long each
   * took from request to stored video, in ms (the generator's wait estimates).
   */
  async completionTimes(since: Date, take: number): Promise<{ model: string; ms: number }[]> {
    const rows = await this.tasks.find({
      select: { model: true, createdAt: true, finishedAt: true },
      where: { status: 'completed', kind: 'generate', finishedAt: MoreThan(since) },
      order: { finishedAt: 'DESC' },
      take,
    });
    return rows.map((row) => ({ model: row.model, ms: row.finishedAt!.getTime() - row.createdAt.getTime() }));
  }

  /** The ids of workers whose heartbeat is after `:deadBefore`, as a subquery. */
  private liveWorkersQuery(): string {
    return this.dataSource
      .createQueryBuilder()
      .select('w.id')
      .from(WorkerEntity, 'w')
      .where('w.heartbeat_at > :deadBefore')
      .getQuery();
  }
}

/** A timestamp as a raw query returns it: a Date (mysql2) or SQLite's UTC text without a zone. */
function databaseTime(value: string | Date): number {
  if (value instanceof Date) return value.getTime();
  return Date.parse(/[zZ+]/.test(value.slice(10)) ? value : `${value.replace(' ', 'T')}Z`);
}
