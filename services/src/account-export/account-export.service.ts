import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AccountExportDownloadQuery, AccountExportJob } from '@veo3/contracts/account-export';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { TransactionRunner } from '../database/transaction-runner';
import { RunOnceScheduler } from '../scheduling/run-once.scheduler';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage';
import type { SessionUser } from '../users/session-user';
import { UserRepository } from '../users/user.repository';
import { VideoStorage } from '../video/video-storage';
import { writeArchive } from './account-export.archive';
import type { AccountExportEntity } from './account-export.entity';
import { AccountExportErrorCode, AccountExportException } from './account-export.exception';
import { AccountExportLinks } from './account-export.links';
import { AccountExportRepository } from './account-export.repository';
import { AccountExportSections, profileView, taskFiles, type ExportFile } from './account-export.sections';

const SWEEP_JOB = 'account-export-sweep';
const SWEEP_MS = 10 * 60_000;
const SWEEP_BATCH = 100;
/** A build whose row has not moved for this long died with its process. */
const STALLED_MS = 10 * 60_000;

/** Where the archive is, for the controller: a local file it sends, or a presigned URL it redirects to. */
export type ArchiveLocation = { path: string; name: string } | { url: string };

/**
 * "Download my data": builds a ZIP of everything the site holds about a user in the background (in
 * the process that took the request; the row carries its progress to every process), stores it in
 * the object storage, hands it out through signed short-lived links, and deletes it when it expires.
 */
@Injectable()
export class AccountExportService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AccountExportService.name);
  private readonly builds = new Set<Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage,
    private readonly transactions: TransactionRunner,
    private readonly exportsRepo: AccountExportRepository,
    private readonly users: UserRepository,
    private readonly sections: AccountExportSections,
    private readonly videoStorage: VideoStorage,
    private readonly links: AccountExportLinks,
    private readonly scheduler: RunOnceScheduler,
  ) {}

  /** The sweep runs where scheduled work does (roles all and worker), in one process of those. */
  onApplicationBootstrap(): void {
    if (this.config.role === 'all' || this.config.role === 'worker')
      this.scheduler.every(SWEEP_JOB, SWEEP_MS, () => this.sweep());
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.builds);
  }

  /** Starts an export, unless the user had one within EXPORT_EVERY_HOURS (then nothing changes). */
  async start(user: SessionUser, now = new Date()): Promise<AccountExportJob> {
    const id = randomUUID();
    await this.transactions.run(async (m) => {
      // Locked, so two requests at once cannot both pass the limit.
      await this.users.lockUser(m, user.id);
      const last = await this.exportsRepo.latestCounting(m, user.id);
      const retryAt = last && this.nextAllowed(last);
      if (retryAt && retryAt > now) throw this.tooSoon(retryAt);
      await this.exportsRepo.insert(m, { id, userId: user.id, createdAt: now });
    });
    const build = this.build(id, user.id).finally(() => this.builds.delete(build));
    this.builds.add(build);
    return this.view((await this.exportsRepo.findById(id))!, now);
  }

  async latest(user: SessionUser): Promise<AccountExportJob | null> {
    const row = await this.exportsRepo.latestOf(user.id);
    return row && this.view(row);
  }

  /** The archive for its owner or a signed link's holder; another user's is not found. */
  async locate(
    viewer: SessionUser | null,
    id: string,
    { exp, sig }: AccountExportDownloadQuery,
  ): Promise<ArchiveLocation> {
    const row = await this.authorize(viewer, id, exp, sig);
    if (row.status !== 'ready' || !row.archiveKey)
      throw new AccountExportException(AccountExportErrorCode.NotReady, 'This export is not ready to download.');
    const name = `veo3-data-${row.createdAt.toISOString().slice(0, 10)}.zip`;
    const path = this.objects.localPath(row.archiveKey);
    if (path) return { path, name };
    const url = await this.objects.readUrl(row.archiveKey, {
      expiresInSeconds: 300,
      contentType: 'application/zip',
      contentDisposition: `attachment; filename="${name}"`,
      cacheControl: 'private, no-store',
    });
    return { url: url! };
  }

  /** Deletes the user's export rows and archives (account deletion calls it). */
  async forgetUser(userId: string): Promise<void> {
    for (const row of await this.exportsRepo.allOf(userId)) {
      if (row.archiveKey) await this.objects.delete(row.archiveKey);
    }
    await this.exportsRepo.deleteAllOf(userId);
  }

  /** The periodic sweep: stalled builds fail, expired archives are deleted, old rows go. */
  async sweep(now = new Date()): Promise<void> {
    await this.exportsRepo.failStalled(new Date(now.getTime() - STALLED_MS));
    let batch = await this.exportsRepo.expiredBy(now, SWEEP_BATCH);
    while (batch.length) {
      for (const row of batch) {
        if (row.archiveKey) await this.objects.delete(row.archiveKey);
        await this.exportsRepo.markExpired(row.id);
      }
      batch = await this.exportsRepo.expiredBy(now, SWEEP_BATCH);
    }
    const window = Math.max(this.config.accountExport.everyMs, this.config.accountExport.keepMs);
    await this.exportsRepo.deleteFinishedBefore(new Date(now.getTime() - window));
  }

  private async authorize(
    viewer: SessionUser | null,
    id: string,
    exp?: number,
    sig?: string,
  ): Promise<AccountExportEntity> {
    if (sig !== undefined && exp !== undefined && this.links.signed(id, exp, sig)) {
      if (exp * 1000 < Date.now())
        throw new AccountExportException(
          AccountExportErrorCode.LinkExpired,
          'This download link has expired. Open your account page for a new one.',
        );
      const row = await this.exportsRepo.findById(id);
      if (row) return row;
    } else if (viewer) {
      const row = await this.exportsRepo.findOwn(viewer.id, id);
      if (row) return row;
    } else {
      throw new AccountExportException(AccountExportErrorCode.SignedOut, 'Please sign in to download your data.');
    }
    throw new AccountExportException(AccountExportErrorCode.NotFound, 'Export not found.');
  }

  private async build(id: string, userId: string): Promise<void> {
    const key = `exports/${id}.zip`;
    const scratch = await this.objects.scratchPath(key);
    try {
      const size = await writeArchive(await this.archiveInput(id, userId), scratch);
      await this.objects.putFile(key, scratch, { move: true, contentType: 'application/zip' });
      const expiresAt = new Date(Date.now() + this.config.accountExport.keepMs);
      if (!(await this.exportsRepo.markReady(id, { archiveKey: key, size, expiresAt }))) await this.objects.delete(key);
    } catch (error) {
      this.logger.warn(`export ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
      await this.exportsRepo.markFailed(id).catch(() => undefined);
    } finally {
      await rm(scratch, { force: true });
    }
  }

  private async archiveInput(id: string, userId: string) {
    const user = await this.users.findById(userId);
    if (!user) throw new Error('user gone');
    const files: ExportFile[] = [];
    const site = this.config.siteUrl;
    let shown = 0;
    return {
      userId,
      head: {
        format: 'veo3-studio-account-export/1',
        export_id: id,
        created_at: new Date(),
        site,
        profile: profileView(user, this.config),
        billing_customer_id: await this.sections.billingCustomerId(userId),
      },
      sections: this.sections.list((task) => files.push(...taskFiles(task))),
      files,
      inlineMaxBytes: this.config.accountExport.inlineMaxBytes,
      objects: this.objects,
      linkFor: (file: ExportFile) => `${site}${this.videoStorage.signedUrl(file.link.subject, file.link.kind)}`,
      onProgress: async (percent: number) => {
        if (percent <= shown) return;
        shown = percent;
        await this.exportsRepo.setProgress(id, percent);
      },
    };
  }

  private nextAllowed(row: AccountExportEntity): Date | null {
    const every = this.config.accountExport.everyMs;
    return every > 0 && row.status !== 'failed' ? new Date(row.createdAt.getTime() + every) : null;
  }

  private tooSoon(retryAt: Date): AccountExportException {
    const hours = Math.round(this.config.accountExport.everyMs / 3_600_000);
    return new AccountExportException(
      AccountExportErrorCode.TooSoon,
      `You can download your data once every ${hours} hours. You can ask again after ${retryAt.toISOString()}.`,
      retryAt,
    );
  }

  private view(row: AccountExportEntity, now = new Date()): AccountExportJob {
    const next = this.nextAllowed(row);
    const ready = row.status === 'ready' && row.archiveKey !== null;
    return {
      id: row.id,
      status: row.status,
      progress: row.progress,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt?.toISOString() ?? null,
      size: row.size,
      download_url: ready ? this.links.url(row.id, now.getTime()) : null,
      next_allowed_at: next && next > now ? next.toISOString() : null,
    };
  }
}
