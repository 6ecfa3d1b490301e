import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import type {
  AdminCreditAdjustBody,
  AdminRole,
  AdminRoleChangeBody,
  AdminSignOutBody,
  AdminUser,
  AdminUserDetail,
  AdminUsersQuery,
} from '@veo3/contracts/admin';
import type { CreditChangeBody } from '@veo3/contracts/credits';
import { AuditLogService } from '../audit/audit-log.service';
import { AuthErrorCode, AuthException } from '../auth/auth.exception';
import { AuthService } from '../auth/auth.service';
import { SessionAuthenticator } from '../auth/session-authenticator';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { toPublicTransaction } from '../credits/credit-transaction.entity';
import { CreditsErrorCode, CreditsException } from '../credits/credits.exception';
import { CreditsService, type CreditChange } from '../credits/credits.service';
import { isUniqueViolation } from '../database/transaction';
import { SessionRepository } from '../auth/session.repository';
import { BillingRepository } from '../billing/billing.repository';
import { PaymentRepository } from '../billing/payment.repository';
import { CreditsRepository } from '../credits/credits.repository';
import type { UserEntity } from '../users/user.entity';
import { UserRepository, type GrantedRoleColumn, type UserCondition } from '../users/user.repository';
import { VideoTaskRepository } from '../video/video-task.repository';
import { configuredRoles, rolesFor, type UserRoles } from '../users/user-roles';
import { auditedBy, type AdminActor } from './admin-actor';
import { AdminPaymentsService } from './admin-payments.service';
import { AdminTasksService } from './admin-tasks.service';
import { AdminErrorCode, AdminException } from './admin.exception';

/** Ledger lines, payments, tasks and sessions a user's page shows at most, newest first. */
const DETAIL_ROWS = 50;
/** An Idempotency-Key kept as given up to this length (hashed beyond), within the ledger key's 255. */
const KEY_MAX = 200;

/** The user columns each role is granted in. */
const GRANTED_COLUMN: Record<AdminRole, GrantedRoleColumn> = {
  admin: 'adminGranted',
  blog_manager: 'blogManagerGranted',
};
const HAS_ROLE: Record<AdminRole, keyof UserRoles> = { admin: 'isAdmin', blog_manager: 'canManageBlog' };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Users in the admin console: search and a user's page, and the changes an admin makes to a user
 * (credits, roles, sign-out everywhere), each in one transaction with its audit row.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly users: UserRepository,
    private readonly billing: BillingRepository,
    private readonly paymentRows: PaymentRepository,
    private readonly taskRows: VideoTaskRepository,
    private readonly sessionRows: SessionRepository,
    private readonly ledger: CreditsRepository,
    private readonly credits: CreditsService,
    private readonly audit: AuditLogService,
    private readonly auth: AuthService,
    private readonly sessions: SessionAuthenticator,
    private readonly payments: AdminPaymentsService,
    private readonly tasks: AdminTasksService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Newest sign-ups first; `q` matches part of the e-mail or name, wildcards taken literally. */
  async list(query: AdminUsersQuery) {
    const conditions: UserCondition[] = [];
    if (query.has_plan !== undefined) conditions.push(this.billing.livePlanCondition(query.has_plan));
    if (query.has_paid !== undefined) conditions.push(this.paymentRows.paidCondition(query.has_paid));
    const [rows, total] = await this.users.page(
      { q: query.q, signedUpFrom: query.signed_up_from, signedUpTo: query.signed_up_to, conditions },
      { skip: (query.page - 1) * query.page_size, take: query.page_size },
    );
    return { items: await this.describe(rows), page: query.page, page_size: query.page_size, total };
  }

  /** A user's page: the user, the latest ledger lines, payments, tasks and sessions, and the subscription. */
  async detail(id: string): Promise<AdminUserDetail> {
    const user = await this.users.findById(id);
    if (!user) throw notFound();
    const [[described], ledger, payments, subscription, tasks, sessions] = await Promise.all([
      this.describe([user]),
      this.credits.latestTransactions(id, DETAIL_ROWS),
      this.paymentRows.latestOf(id, DETAIL_ROWS),
      this.billing.latestSubscriptionOf(id),
      this.taskRows.latestOf(id, DETAIL_ROWS),
      this.sessionRows.latestOf(id, DETAIL_ROWS),
    ]);
    return {
      user: described!,
      ledger,
      payments: await this.payments.describe(payments),
      subscription: subscription && {
        id: subscription.id,
        plan_id: subscription.planId,
        billing_cycle: subscription.billingCycle,
        status: subscription.status,
        current_period_end: iso(subscription.currentPeriodEnd),
        canceled_at: iso(subscription.canceledAt),
        simulated: subscription.simulated,
      },
      tasks: await this.tasks.describe(tasks),
      sessions: sessions.map((s) => ({
        id: s.id,
        created_at: s.createdAt.toISOString(),
        expires_at: iso(s.expiresAt),
        revoked_at: iso(s.revokedAt),
        user_agent: s.userAgent,
      })),
    };
  }

  /**
   * Adds or takes credits (never below zero) with a ledger line and an audit row in one transaction.
   * Under an Idempotency-Key, a repeat answers the first result and changes nothing; the same key
   * with another amount or reason is refused.
   */
  async adjustCredits(id: string, body: AdminCreditAdjustBody, idempotencyKey: string | undefined, actor: AdminActor) {
    const { balance, transaction } = await this.adjust(id, body, { key: idempotencyKey, sourceId: null }, actor);
    return { balance, transaction };
  }

  /**
   * POST /api/credits/add and /deduct, the seed's routes, as the console's adjustment: the reason is
   * `reason` or else `description`; without an Idempotency-Key, the sourceId keys the change.
   */
  async changeCredits(
    body: CreditChangeBody,
    direction: 'add' | 'deduct',
    idempotencyKey: string | undefined,
    actor: AdminActor,
  ) {
    const adjustment = {
      amount: direction === 'add' ? body.amount : -body.amount,
      // The contract refuses a body with neither.
      reason: body.reason ?? body.description ?? '',
    };
    const key = idempotencyKey?.trim() || `credits-${direction}:${body.sourceId}`;
    return this.adjust(body.userId, adjustment, { key, sourceId: body.sourceId }, actor);
  }

  private async adjust(
    id: string,
    body: AdminCreditAdjustBody,
    source: { key: string | undefined; sourceId: string | null },
    actor: AdminActor,
  ) {
    const key = source.key?.trim();
    const change: CreditChange = {
      userId: id,
      amount: Math.abs(body.amount),
      sourceType: 'admin',
      sourceId: source.sourceId,
      description: body.reason,
      idempotencyKey: `admin:${id}:${key ? (key.length <= KEY_MAX ? key : sha256(key)) : randomUUID()}`,
    };
    try {
      return await this.transactions.run(async (m) => {
        const replay = await this.replayOf(m, change, body.amount);
        if (replay) return replay;
        if (!(await this.users.exists(id, m))) throw notFound();
        const { transaction, balance } = await this.applyCredits(m, change, body.amount);
        await this.audit.record(m, {
          ...auditedBy(actor, body.reason),
          action: 'credits.adjust',
          targetType: 'user',
          targetId: id,
          before: { credits: balance - body.amount },
          after: { credits: balance },
        });
        return { balance, transaction: toPublicTransaction(transaction), replayed: false };
      });
    } catch (error) {
      // The same key sent twice at once: the other request's line won; answer as a replay of it.
      if (!isUniqueViolation(error)) throw error;
      const replay = await this.replayOf(this.transactions.manager, change, body.amount);
      if (!replay) throw error;
      return replay;
    }
  }

  /**
   * Grants or removes a role granted in the console. Never one's own role, never the last admin,
   * never a role the configuration gives; granting a role held already changes nothing (and records
   * nothing). The actor's own admin role is read again in the change's transaction: the session may
   * remember a role removed a moment ago. The user's sessions in this process read the new roles at
   * once, others within the session cache's seconds.
   */
  async changeRole(id: string, body: AdminRoleChangeBody, actor: AdminActor): Promise<{ user: AdminUser }> {
    if (id === actor.id) throw ownRole(body.role);
    const user = await this.transactions.run(async (m) => {
      const { admins, target } = await this.lockForRoleChange(m, id, body, actor);
      const before = rolesFor(target, this.config);
      const has = HAS_ROLE[body.role];
      if (before[has] === body.granted) return target;
      if (!body.granted && configuredRoles(target.email, this.config)[has]) {
        throw new AdminException(
          AdminErrorCode.RoleFromConfig,
          `The configuration gives ${target.email} this role (${body.role === 'admin' ? 'ADMIN_EMAILS' : 'BLOG_ADMIN_EMAILS'}); change it there.`,
        );
      }
      if (!body.granted && body.role === 'admin' && !admins.some((a) => a.id !== id)) {
        throw new AdminException(
          AdminErrorCode.LastAdmin,
          'This is the last admin: grant the role to someone else first.',
        );
      }
      const column = GRANTED_COLUMN[body.role];
      await this.users.setGranted(m, id, column, body.granted);
      const changed = { ...target, [column]: body.granted };
      const after = rolesFor(changed, this.config);
      await this.audit.record(m, {
        ...auditedBy(actor, body.reason ?? null),
        action: body.granted ? 'role.grant' : 'role.revoke',
        targetType: 'user',
        targetId: id,
        before: { role: body.role, is_admin: before.isAdmin, can_manage_blog: before.canManageBlog },
        after: { role: body.role, is_admin: after.isAdmin, can_manage_blog: after.canManageBlog },
      });
      return changed;
    });
    this.sessions.forgetUser(id);
    const [described] = await this.describe([user]);
    return { user: described! };
  }

  /** Ends every session of the user (its tokens stop working), recorded in the same transaction. */
  async signOut(id: string, body: AdminSignOutBody, actor: AdminActor): Promise<{ sessions_revoked: number }> {
    return this.transactions.run(async (m) => {
      if (!(await this.users.exists(id, m))) throw notFound();
      const revoked = await this.auth.signOutEverywhere(m, id);
      await this.audit.record(m, {
        ...auditedBy(actor, body.reason ?? null),
        action: 'user.sign_out',
        targetType: 'user',
        targetId: id,
        before: { live_sessions: revoked },
        after: { live_sessions: 0 },
      });
      return { sessions_revoked: revoked };
    });
  }

  /** Users as the console shows them: roles in effect and from where, live plan, cents paid. */
  private async describe(users: UserEntity[]): Promise<AdminUser[]> {
    if (!users.length) return [];
    const ids = users.map((u) => u.id);
    const [withPlan, paidCents] = await Promise.all([
      this.billing.liveSubscribersAmong(ids),
      this.paymentRows.paidCentsBy(ids),
    ]);
    return users.map((u) => {
      const roles = rolesFor(u, this.config);
      const configured = configuredRoles(u.email, this.config);
      return {
        id: u.id,
        email: u.email,
        name: u.name,
        provider: u.provider,
        credits: u.credits,
        is_admin: roles.isAdmin,
        can_manage_blog: roles.canManageBlog,
        config_roles: [
          ...(configured.isAdmin ? (['admin'] as const) : []),
          ...(configured.canManageBlog ? (['blog_manager'] as const) : []),
        ],
        has_plan: withPlan.has(u.id),
        paid_cents: paidCents.get(u.id) ?? 0,
        created_at: u.createdAt.toISOString(),
      };
    });
  }

  /** The first result of an Idempotency-Key already used; null when it was not; 409 for another change. */
  private async replayOf(m: EntityManager, change: CreditChange, amount: number) {
    const line = await this.ledger.findByIdempotencyKey(m, change.idempotencyKey);
    if (!line) return null;
    if (line.amount !== amount || line.description !== change.description) {
      throw new AdminException(
        AdminErrorCode.IdempotencyConflict,
        `This Idempotency-Key was used for another change (${line.amount} credits, "${line.description ?? ''}"); use a new key for a new change.`,
      );
    }
    return { balance: line.balanceAfter, transaction: toPublicTransaction(line), replayed: true };
  }

  /** The ledger's own conditional update and line; a debit the balance does not cover is a 409 here. */
  private async applyCredits(m: EntityManager, change: CreditChange, amount: number) {
    try {
      return amount > 0 ? await this.credits.grant(change, m) : await this.credits.debit(change, m);
    } catch (error) {
      if (!(error instanceof CreditsException) || error.code !== CreditsErrorCode.Insufficient) throw error;
      // In the transaction: another pooled connection, waited for while this one is held, could never come.
      const balance = await this.credits.balanceOf(change.userId, m);
      throw new AdminException(
        AdminErrorCode.BalanceBelowZero,
        `The balance cannot go below zero: ${change.amount} credits taken, ${balance} available.`,
      );
    }
  }

  /** The users who are admins now (by configuration or grant), their rows locked on MySQL. */
  private async lockAdmins(m: EntityManager): Promise<UserEntity[]> {
    const rows = await this.users.lockAdminCandidates(m, this.config.adminEmails);
    // The database's collation may match e-mails loosely: the roles decide exactly.
    return rows.filter((u) => rolesFor(u, this.config).isAdmin);
  }

  /**
   * The rows a role change reads, locked on MySQL: every admin first, in one order, when one is
   * removed (two admins removing each other take turns), else the actor and the target in id order.
   * Refused when the actor is no longer an admin.
   */
  private async lockForRoleChange(m: EntityManager, id: string, body: AdminRoleChangeBody, actor: AdminActor) {
    if (body.role === 'admin' && !body.granted) {
      const admins = await this.lockAdmins(m);
      if (!admins.some((a) => a.id === actor.id)) throw notAdmin();
      return { admins, target: await this.lockUser(m, id) };
    }
    const rows = await this.users.lockUsers(m, [actor.id, id]);
    const actorRow = rows.find((u) => u.id === actor.id);
    if (!actorRow || !rolesFor(actorRow, this.config).isAdmin) throw notAdmin();
    const target = rows.find((u) => u.id === id);
    if (!target) throw notFound();
    return { admins: [], target };
  }

  private async lockUser(m: EntityManager, id: string): Promise<UserEntity> {
    const user = await this.users.lockUser(m, id);
    if (!user) throw notFound();
    return user;
  }
}

function ownRole(role: AdminRole): AdminException {
  return role === 'admin'
    ? new AdminException(AdminErrorCode.OwnAdminRole, 'You cannot change your own admin role.')
    : new AdminException(AdminErrorCode.OwnRole, 'You cannot change your own roles: ask another admin.');
}

function notAdmin(): AuthException {
  return new AuthException(AuthErrorCode.NotAdmin, 'Only administrators can do this');
}

function notFound(): AdminException {
  return new AdminException(AdminErrorCode.UserNotFound, 'User not found');
}
