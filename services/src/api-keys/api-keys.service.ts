import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  MAX_API_KEYS,
  type AdminApiKeyUsage,
  type AdminApiUsageQuery,
  type AdminApiUsageReply,
  type ApiKey,
  type CreateApiKeyRequest,
} from '@veo3/contracts/api-keys';
import type { AdminActor } from '../admin/admin-actor';
import { auditedBy } from '../admin/admin-actor';
import type { AccountEraser } from '../account-deletion/account-eraser';
import { AuditLogService } from '../audit/audit-log.service';
import { monthStart } from '../common/month-start';
import { TransactionRunner } from '../database/transaction-runner';
import type { SessionUser } from '../users/session-user';
import { UserRepository } from '../users/user.repository';
import { VideoTaskRepository, type ApiKeyUsage } from '../video/video-task.repository';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import type { ApiKeyEntity } from './api-key.entity';
import { ApiKeyRepository } from './api-key.repository';
import { newApiKeySecret } from './api-key-secret';
import { ApiKeysErrorCode, ApiKeysException } from './api-keys.exception';

const PAGE_SIZE = 25;
const NO_USAGE: ApiKeyUsage = { videos: 0, videosSince: 0, spent: 0, spentSince: 0 };

function toApiKey(key: ApiKeyEntity, usage: ApiKeyUsage): ApiKey {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes.split(' ').filter(Boolean) as ApiKey['scopes'],
    monthly_cap: key.monthlyCap,
    spent_this_month: usage.spentSince,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}

const notFound = () => new ApiKeysException(ApiKeysErrorCode.NotFound, 'API key not found');

/**
 * A user's API keys on the account page, and the console's view of every key's use. As an
 * AccountEraser, a deleted account's keys go (a key of an erased user is refused even before).
 */
@Injectable()
export class ApiKeysService implements AccountEraser {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly keys: ApiKeyRepository,
    private readonly authenticator: ApiKeyAuthenticator,
    private readonly tasks: VideoTaskRepository,
    private readonly users: UserRepository,
    private readonly audit: AuditLogService,
  ) {}

  /** A new key and its secret, shown this once; at most MAX_API_KEYS live keys, counted under the user's lock. */
  async create(user: SessionUser, request: CreateApiKeyRequest): Promise<{ key: ApiKey; secret: string }> {
    const { secret, prefix, hash } = newApiKeySecret();
    const row = {
      id: randomUUID(),
      userId: user.id,
      name: request.name,
      prefix,
      keyHash: hash,
      scopes: [...new Set(request.scopes)].join(' '),
      monthlyCap: request.monthly_cap ?? null,
      createdAt: new Date(),
    };
    await this.transactions.run(async (m) => {
      await this.users.lockUser(m, user.id);
      if ((await this.keys.countLive(m, user.id)) >= MAX_API_KEYS) {
        throw new ApiKeysException(
          ApiKeysErrorCode.TooMany,
          `You have ${MAX_API_KEYS} API keys already. Revoke one you no longer use first.`,
        );
      }
      await this.keys.insert(m, row);
    });
    return { key: toApiKey({ ...row, lastUsedAt: null, revokedAt: null, revokedReason: null }, NO_USAGE), secret };
  }

  async list(user: SessionUser): Promise<ApiKey[]> {
    const keys = await this.keys.listOf(user.id);
    const usage = await this.tasks.usageByKeys(
      keys.map((key) => key.id),
      monthStart(),
    );
    return keys.map((key) => toApiKey(key, usage.get(key.id) ?? NO_USAGE));
  }

  /** Revokes one of the user's keys; revoking it again changes nothing. Another user's key is a 404. */
  async revoke(user: SessionUser, id: string): Promise<void> {
    const key = await this.keys.findById(id);
    if (!key || key.userId !== user.id) throw notFound();
    await this.transactions.run((m) => this.keys.revoke(m, { id, userId: user.id }, new Date(), null));
    this.authenticator.forget(id);
  }

  /** The console's page of keys with their use, most recently used first; `user` an e-mail (part) or id. */
  async usage(query: AdminApiUsageQuery): Promise<AdminApiUsageReply['data']> {
    const userIds = query.user ? await this.users.idsMatching(query.user) : null;
    const [keys, total] = await this.keys.page(userIds, { skip: (query.page - 1) * PAGE_SIZE, take: PAGE_SIZE });
    return {
      items: await this.withUsage(keys),
      total,
      page: query.page,
      pages: Math.ceil(total / PAGE_SIZE),
    };
  }

  /** An admin revokes a key with a reason, audited (`api_key.revoke` on the key's owner). */
  async adminRevoke(actor: AdminActor, id: string, reason: string): Promise<AdminApiKeyUsage> {
    const at = new Date();
    await this.transactions.run(async (m) => {
      const key = await this.keys.findById(id, m);
      if (!key) throw notFound();
      if (!(await this.keys.revoke(m, { id }, at, reason))) return;
      await this.audit.record(m, {
        ...auditedBy(actor, reason),
        action: 'api_key.revoke',
        targetType: 'user',
        targetId: key.userId,
        before: { api_key: key.prefix, name: key.name, revoked_at: null },
        after: { api_key: key.prefix, name: key.name, revoked_at: at.toISOString() },
      });
    });
    this.authenticator.forget(id);
    const key = await this.keys.findById(id);
    return (await this.withUsage([key!]))[0]!;
  }

  async forgetUser(userId: string): Promise<void> {
    await this.transactions.run((m) => this.keys.deleteAllOf(m, userId));
    this.authenticator.forgetUser(userId);
  }

  private async withUsage(keys: ApiKeyEntity[]): Promise<AdminApiKeyUsage[]> {
    const ids = keys.map((key) => key.id);
    const [usage, emails] = await Promise.all([
      this.tasks.usageByKeys(ids, monthStart()),
      this.users.emailsOf(keys.map((key) => key.userId)),
    ]);
    return keys.map((key) => {
      const used = usage.get(key.id) ?? NO_USAGE;
      return {
        ...toApiKey(key, used),
        user_id: key.userId,
        user_email: emails.get(key.userId) ?? '',
        videos_total: used.videos,
        videos_this_month: used.videosSince,
        spent_total: used.spent,
        revoked_reason: key.revokedReason,
      };
    });
  }
}
