/**
 * The admin console (mfe-admin) and its routes under /api/admin: users, payments and refunds,
 * failed and stuck generations, the overview by day, and the audit log. Admin role only.
 */
import { z } from 'zod';
import { AuthProvider } from './auth';
import { AdminReason, PublicCreditTransaction } from './credits';
import { ok } from './envelope';

/** A calendar day, `YYYY-MM-DD` (UTC). */
const Day = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
const Flag = z.enum(['true', 'false']).transform((v) => v === 'true');

const PageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
};
/** A page of rows: `total` counts every row the filters match. */
function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  });
}

export const ADMIN_ROLES = ['admin', 'blog_manager'] as const;
export const AdminRole = z.enum(ADMIN_ROLES);
export type AdminRole = z.infer<typeof AdminRole>;

export const AdminIdParamsSchema = z.object({ id: z.string().min(1).max(255) });

// users

export const AdminUsersQuerySchema = z.object({
  /** Part of the e-mail or name, case-insensitive. */
  q: z.string().trim().max(200).optional(),
  signed_up_from: Day.optional(),
  signed_up_to: Day.optional(),
  has_plan: Flag.optional(),
  has_paid: Flag.optional(),
  ...PageQuery,
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const AdminUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  provider: AuthProvider,
  credits: z.number().int(),
  /** The roles in effect: given by the configuration or granted in the console. */
  is_admin: z.boolean(),
  can_manage_blog: z.boolean(),
  /** Roles given by ADMIN_EMAILS / BLOG_ADMIN_EMAILS: the console cannot remove these. */
  config_roles: z.array(AdminRole),
  /** A live (active or trialing) subscription. */
  has_plan: z.boolean(),
  /** Cents paid, before refunds. */
  paid_cents: z.number().int(),
  created_at: z.iso.datetime(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUsersReply = ok(paged(AdminUser));
export type AdminUsersReply = z.infer<typeof AdminUsersReply>;

export const AdminSession = z.object({
  id: z.string(),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
  user_agent: z.string().nullable(),
});
export type AdminSession = z.infer<typeof AdminSession>;

export const AdminSubscription = z.object({
  id: z.string(),
  plan_id: z.string(),
  billing_cycle: z.string(),
  status: z.string(),
  current_period_end: z.iso.datetime().nullable(),
  canceled_at: z.iso.datetime().nullable(),
  simulated: z.boolean(),
});
export type AdminSubscription = z.infer<typeof AdminSubscription>;

export const PAYMENT_STATUSES = ['paid', 'partially_refunded', 'refunded', 'disputed'] as const;

export const AdminPayment = z.object({
  /** The checkout session (packs) or invoice (plans) id. */
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  kind: z.enum(['pack', 'plan', 'renewal']),
  item_id: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  refunded_cents: z.number().int(),
  credits_reclaimed: z.number().int(),
  checkout_session_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  /** Made with the simulated checkout: refunded here without Stripe. */
  simulated: z.boolean(),
  created_at: z.iso.datetime(),
  refunded_at: z.iso.datetime().nullable(),
  disputed_at: z.iso.datetime().nullable(),
});
export type AdminPayment = z.infer<typeof AdminPayment>;

export const ADMIN_TASK_FILTERS = ['failed', 'stuck'] as const;

export const AdminTask = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  model: z.string(),
  kind: z.string(),
  status: z.string(),
  /** The prompt, cut to 300 characters. */
  prompt: z.string(),
  credits: z.number().int(),
  error_code: z.string().nullable(),
  /** The provider's reason as stored (secrets masked): for the people who run the site only. */
  error_detail: z.string().nullable(),
  /** The credits went back to the user (by the failure or by an admin). */
  refunded: z.boolean(),
  /** Unfinished and untouched for longer than a generation can take. */
  stuck: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
});
export type AdminTask = z.infer<typeof AdminTask>;

/** GET /api/admin/users/:id: the latest 50 ledger lines, payments, tasks and sessions. */
export const AdminUserDetail = z.object({
  user: AdminUser,
  ledger: z.array(PublicCreditTransaction),
  payments: z.array(AdminPayment),
  subscription: AdminSubscription.nullable(),
  tasks: z.array(AdminTask),
  sessions: z.array(AdminSession),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;
export const AdminUserDetailReply = ok(AdminUserDetail);
export type AdminUserDetailReply = z.infer<typeof AdminUserDetailReply>;

/**
 * POST /api/admin/users/:id/credits. Positive adds, negative takes away (never below zero: 409).
 * An `Idempotency-Key` header makes a repeated request change nothing and answer the same.
 */
export const AdminCreditAdjustSchema = z.object({
  amount: z
    .number({ error: 'amount must be a number' })
    .int('amount must be a whole number')
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0, 'amount must not be zero'),
  reason: AdminReason,
});
export type AdminCreditAdjustBody = z.infer<typeof AdminCreditAdjustSchema>;
export const AdminCreditAdjustReply = ok(z.object({ balance: z.number().int(), transaction: PublicCreditTransaction }));
export type AdminCreditAdjustReply = z.infer<typeof AdminCreditAdjustReply>;

/** POST /api/admin/users/:id/roles. Never one's own admin role; never the last admin; never a configured role. */
export const AdminRoleChangeSchema = z.object({
  role: AdminRole,
  granted: z.boolean({ error: 'granted must be true or false' }),
  reason: AdminReason.optional(),
});
export type AdminRoleChangeBody = z.infer<typeof AdminRoleChangeSchema>;
export const AdminRoleChangeReply = ok(z.object({ user: AdminUser }));
export type AdminRoleChangeReply = z.infer<typeof AdminRoleChangeReply>;

/** POST /api/admin/users/:id/sign-out: every session of the user ends. */
export const AdminSignOutSchema = z.object({ reason: AdminReason.optional() });
export type AdminSignOutBody = z.infer<typeof AdminSignOutSchema>;
export const AdminSignOutReply = ok(z.object({ sessions_revoked: z.number().int() }));
export type AdminSignOutReply = z.infer<typeof AdminSignOutReply>;

// payments

export const AdminPaymentsQuerySchema = z.object({
  user_id: z.string().max(36).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  ...PageQuery,
});
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuerySchema>;
export const AdminPaymentsReply = ok(paged(AdminPayment));
export type AdminPaymentsReply = z.infer<typeof AdminPaymentsReply>;

/**
 * POST /api/admin/payments/:id/refund: refunds what is left of the payment (Stripe's refunds API, or
 * the simulated checkout), and takes back its credits as far as unspent (the refund policy's rule).
 */
export const AdminPaymentRefundSchema = z.object({ reason: AdminReason });
export type AdminPaymentRefundBody = z.infer<typeof AdminPaymentRefundSchema>;
export const AdminPaymentRefundReply = ok(
  z.object({ payment: AdminPayment, credits_reclaimed: z.number().int(), balance: z.number().int() }),
);
export type AdminPaymentRefundReply = z.infer<typeof AdminPaymentRefundReply>;

// tasks

export const AdminTasksQuerySchema = z.object({
  status: z.enum(ADMIN_TASK_FILTERS).default('failed'),
  ...PageQuery,
});
export type AdminTasksQuery = z.infer<typeof AdminTasksQuerySchema>;
export const AdminTasksReply = ok(paged(AdminTask));
export type AdminTasksReply = z.infer<typeof AdminTasksReply>;

/** POST /api/admin/tasks/:id/refund: gives back the task's credits once (409 if already refunded). */
export const AdminTaskRefundSchema = z.object({ reason: AdminReason });
export type AdminTaskRefundBody = z.infer<typeof AdminTaskRefundSchema>;
export const AdminTaskRefundReply = ok(z.object({ task: AdminTask, credits_refunded: z.number().int() }));
export type AdminTaskRefundReply = z.infer<typeof AdminTaskRefundReply>;

/**
 * POST /api/admin/tasks/:id/retry: queues a failed or stuck task again. Its charge stays as it is:
 * an unrefunded task is refunded once if the retry fails too; a refunded one is retried free.
 */
export const AdminTaskRetrySchema = z.object({ reason: AdminReason.optional() });
export type AdminTaskRetryBody = z.infer<typeof AdminTaskRetrySchema>;
export const AdminTaskRetryReply = ok(z.object({ task: AdminTask }));
export type AdminTaskRetryReply = z.infer<typeof AdminTaskRetryReply>;

// overview

/** GET /api/admin/overview: by day (UTC), `from` and `to` included, at most 366 days; default the last 30. */
export const AdminOverviewQuerySchema = z
  .object({ from: Day.optional(), to: Day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type AdminOverviewQuery = z.infer<typeof AdminOverviewQuerySchema>;

export const GENERATION_OUTCOMES = ['succeeded', 'failed', 'unfinished'] as const;

export const AdminOverviewFigures = z.object({
  sign_ups: z.number().int(),
  /** Users with at least one payment that day (distinct over a range in totals). */
  paying_users: z.number().int(),
  revenue_cents: z.number().int(),
  refunded_cents: z.number().int(),
  /** revenue_cents − refunded_cents. */
  net_revenue_cents: z.number().int(),
  credits_granted: z.number().int(),
  credits_spent: z.number().int(),
  generations: z.array(z.object({ model: z.string(), outcome: z.enum(GENERATION_OUTCOMES), count: z.number().int() })),
});
export type AdminOverviewFigures = z.infer<typeof AdminOverviewFigures>;

export const AdminOverview = z.object({
  from: Day,
  to: Day,
  currency: z.string(),
  days: z.array(AdminOverviewFigures.extend({ date: Day })),
  totals: AdminOverviewFigures,
});
export type AdminOverview = z.infer<typeof AdminOverview>;
export const AdminOverviewReply = ok(AdminOverview);
export type AdminOverviewReply = z.infer<typeof AdminOverviewReply>;

// audit

export const ADMIN_AUDIT_ACTIONS = [
  'credits.adjust',
  'role.grant',
  'role.revoke',
  'user.sign_out',
  'payment.refund',
  'task.refund',
  'task.retry',
  /** An admin's renewal of a simulated plan (the simulated checkout's stand-in for Stripe's invoice.paid). */
  'subscription.renew',
  /** An account deleted (erased) by its user or by an admin. */
  'user.delete',
  /** An API key revoked in the console (the target is its owner; before/after name the key by its prefix). */
  'api_key.revoke',
  /** The community gallery's review (issue 35): a shared video hidden, restored or its reports dismissed (target: the share). */
  'gallery.hide',
  'gallery.restore',
  'gallery.dismiss_reports',
  /** A user banned from the gallery, or the ban lifted (target: the user). */
  'gallery.ban',
  'gallery.unban',
  /** A simulated checkout's promotion code created or disabled in the console (target: the code). */
  'promotion.create',
  'promotion.disable',
  /** An effect template created, edited, published, unpublished, given a sample, or all reordered (target: the effect; reorder: the first). */
  'effect.create',
  'effect.update',
  'effect.publish',
  'effect.unpublish',
  'effect.reorder',
  'effect.sample',
] as const;
export const AdminAuditAction = z.enum(ADMIN_AUDIT_ACTIONS);
export type AdminAuditAction = z.infer<typeof AdminAuditAction>;

/**
 * Who acted: an admin in the console, Stripe (a refund or dispute made in Stripe's dashboard), or a
 * user deleting their own account (their e-mail is not kept).
 */
export const AUDIT_ACTOR_TYPES = ['admin', 'stripe', 'user'] as const;

export const AdminAuditQuerySchema = z.object({
  action: AdminAuditAction.optional(),
  actor_id: z.string().max(36).optional(),
  /** The acting admin's e-mail (any case) or user id (issue 32; `actor_id` still works). */
  actor: z.string().trim().max(320).optional(),
  target_id: z.string().max(255).optional(),
  from: Day.optional(),
  to: Day.optional(),
  /** `csv`: every matching row (no paging) as text/csv. */
  format: z.enum(['json', 'csv']).default('json'),
  ...PageQuery,
});
export type AdminAuditQuery = z.infer<typeof AdminAuditQuerySchema>;

export const AdminAuditEntry = z.object({
  id: z.string(),
  created_at: z.iso.datetime(),
  actor_type: z.enum(AUDIT_ACTOR_TYPES),
  /** The admin's user id; null for Stripe. */
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: AdminAuditAction,
  /** share: a shared video (`/v/<id>`), the gallery's review (issue 35). */
  /** promotion: a promotion code of the simulated checkout (its id). */
  target_type: z.enum(['user', 'payment', 'task', 'share', 'promotion', 'effect']),
  target_id: z.string(),
  /**
   * The e-mail of the target user, or of the owner of the target payment, task or share (issue 32); null
   * when that user is gone. Absent from servers before it.
   */
  target_email: z.string().nullable().optional(),
  /** The target's affected fields before and after the change. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;
export const AdminAuditReply = ok(paged(AdminAuditEntry));
export type AdminAuditReply = z.infer<typeof AdminAuditReply>;
