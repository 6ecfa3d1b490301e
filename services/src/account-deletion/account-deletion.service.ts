import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AccountDeleteBody, AccountDeletion, AdminUserDeleteBody } from '@veo3/contracts/account-deletion';
import { auditedBy, type AdminActor } from '../admin/admin-actor';
import { AuditLogService, type AuditRecord } from '../audit/audit-log.service';
import { AuthService } from '../auth/auth.service';
import { BillingRepository } from '../billing/billing.repository';
import { BillingService } from '../billing/billing.service';
import { BlogService } from '../blog/blog.service';
import { CreditsService } from '../credits/credits.service';
import { TransactionRunner } from '../database/transaction-runner';
import { SharedVideoRepository } from '../sharing/shared-video.repository';
import type { SessionUser } from '../users/session-user';
import type { UserEntity } from '../users/user.entity';
import { UserRepository } from '../users/user.repository';
import { VideoFilesService } from '../video/video-files.service';
import { VideoTaskRepository } from '../video/video-task.repository';
import { AccountDeletionErrorCode, AccountDeletionException } from './account-deletion.exception';
import { ACCOUNT_ERASERS, type AccountEraser } from './account-eraser';
import { ErasedIdentities, identityOf } from './erased-identities';

/** Tries per stored file before it is left to the log (see OPERATIONS "Account deletion"). */
const FILE_TRIES = 3;
const FILE_RETRY_MS = 500;
/** A name shorter than this is not searched for in free text: it would match unrelated words. */
const NAME_MIN = 3;

/** Who deletes the account, as the audit row records it (a user's own deletion keeps no e-mail). */
type Deleter = Pick<AuditRecord, 'actorType' | 'actorId' | 'actorEmail' | 'reason' | 'requestId'>;

/**
 * Deletes (erases) an account, for its user or an admin: the live plan is cancelled first (nothing
 * is deleted if Stripe refuses), then in one transaction the sessions, videos, billing links and
 * blog authorship go, the ledger, payments and audit trail are kept pseudonymised, the row is
 * emptied and one audit row is written; after the commit the stored files are deleted and the
 * other modules' erasers run.
 */
@Injectable()
export class AccountDeletionService {
  private readonly logger = new Logger(AccountDeletionService.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly users: UserRepository,
    private readonly billing: BillingService,
    private readonly billingRows: BillingRepository,
    private readonly credits: CreditsService,
    private readonly auth: AuthService,
    private readonly tasks: VideoTaskRepository,
    private readonly shares: SharedVideoRepository,
    private readonly files: VideoFilesService,
    private readonly blog: BlogService,
    private readonly audit: AuditLogService,
    private readonly erased: ErasedIdentities,
    @Inject(ACCOUNT_ERASERS) private readonly erasers: AccountEraser[],
  ) {}

  /** The signed-in user's own deletion, confirmed by typing their e-mail (422 and nothing changed otherwise). */
  async deleteOwn(user: SessionUser, body: AccountDeleteBody, requestId: string | null): Promise<AccountDeletion> {
    const row = await this.liveUser(user.id);
    if (body.email.trim().toLowerCase() !== row.email) {
      throw new AccountDeletionException(
        AccountDeletionErrorCode.EmailMismatch,
        'This is not the e-mail address of your account. Type the address you sign in with.',
      );
    }
    return this.erase(row, { actorType: 'user', actorId: row.id, actorEmail: null, reason: null, requestId });
  }

  /** An admin's deletion from the console, with the reason the audit row keeps. */
  async deleteByAdmin(id: string, body: AdminUserDeleteBody, actor: AdminActor): Promise<AccountDeletion> {
    if (id === actor.id) {
      throw new AccountDeletionException(
        AccountDeletionErrorCode.OwnAccount,
        'You cannot delete your own account here: use Delete my account on your account page.',
      );
    }
    return this.erase(await this.liveUser(id), auditedBy(actor, body.reason));
  }

  private async liveUser(id: string): Promise<UserEntity> {
    const row = await this.users.findById(id);
    if (!row || row.erasedAt) {
      throw new AccountDeletionException(AccountDeletionErrorCode.UserNotFound, 'This account does not exist.');
    }
    return row;
  }

  private async erase(user: UserEntity, deleter: Deleter): Promise<AccountDeletion> {
    const subscriptionCancelled = await this.cancelPlan(user.id);
    const keys = await this.files.storedKeysOf(user.id);
    const mentions = mentionsOf(user);
    const result = await this.transactions.run(async (m) => {
      const creditsForfeited = await this.credits.forfeitAndPseudonymise(m, user.id, mentions);
      // Their shared pages first: 404 from the commit on.
      await this.shares.deleteAllOf(m, user.id);
      const videosDeleted = await this.tasks.deleteAllOf(m, user.id);
      const sessionsDeleted = await this.auth.eraseSessions(m, user.id);
      await this.billingRows.eraseUser(m, user.id);
      await this.blog.forgetAuthor(m, user.id);
      await this.erased.remember(m, identityOf(user));
      await this.users.erase(m, user.id, new Date());
      await this.audit.record(m, {
        ...deleter,
        action: 'user.delete',
        targetType: 'user',
        targetId: user.id,
        before: {
          credits: creditsForfeited,
          videos: videosDeleted,
          sessions: sessionsDeleted,
          subscription_cancelled: subscriptionCancelled,
        },
        after: null,
      });
      // Last, so an admin's reason that names the user is emptied too.
      await this.audit.eraseMentions(m, user.id, mentions);
      return { creditsForfeited, videosDeleted };
    });
    await this.deleteFiles(keys);
    await this.runErasers(user.id);
    return {
      deleted: true,
      subscription_cancelled: subscriptionCancelled,
      credits_forfeited: result.creditsForfeited,
      videos_deleted: result.videosDeleted,
    };
  }

  private async cancelPlan(userId: string): Promise<boolean> {
    try {
      return await this.billing.cancelForDeletion(userId);
    } catch (error) {
      this.logger.warn(`could not cancel a deleted account's plan: ${String(error)}`);
      throw new AccountDeletionException(
        AccountDeletionErrorCode.BillingFailed,
        'Your plan could not be cancelled with the payment provider, so nothing was deleted. Please try again later.',
      );
    }
  }

  /** Each file tried a few times; one that still fails is logged by its key (a task id, nothing personal). */
  private async deleteFiles(keys: string[]): Promise<void> {
    const failed: string[] = [];
    for (const key of keys) if (!(await this.deleteFile(key))) failed.push(key);
    if (failed.length) {
      this.logger.error(`could not delete ${failed.length} stored file(s) of a deleted account: ${failed.join(', ')}`);
    }
  }

  private async deleteFile(key: string): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.files.deleteStored(key);
        return true;
      } catch (error) {
        if (attempt >= FILE_TRIES) {
          this.logger.warn(`deleting ${key}: ${String(error)}`);
          return false;
        }
        await sleep(FILE_RETRY_MS * attempt);
      }
    }
  }

  private async runErasers(userId: string): Promise<void> {
    for (const eraser of this.erasers) {
      await eraser.forgetUser(userId).catch((error: unknown) => {
        this.logger.error(`an account eraser failed for a deleted account: ${String(error)}`);
      });
    }
  }
}

/** The words that identify the user in free text (lower-case): their e-mail, and their name unless very short. */
function mentionsOf(user: UserEntity): string[] {
  const name = user.name?.trim().toLowerCase() ?? '';
  return [user.email.toLowerCase(), ...(name.length >= NAME_MIN ? [name] : [])];
}
