/**
 * Every route the service registers, one entry each: its request schemas (params, query, body;
 * `multipart` for form uploads, with `files` naming the file fields) and each status it can answer
 * with that status's reply schema. A reply of `null` is not JSON: its body is `contentType`
 * (a file, a page, a stream, a redirect). Error statuses answer ErrorReply (envelope.ts).
 */
import { z } from 'zod';
import * as accountDeletion from './account-deletion';
import * as accountExport from './account-export';
import * as admin from './admin';
import * as apiKeys from './api-keys';
import * as auth from './auth';
import * as billing from './billing';
import * as blog from './blog';
import * as credits from './credits';
import * as effects from './effects';
import { ErrorReply } from './envelope';
import * as gallery from './gallery';
import type { HttpMethod } from './http-method';
import * as health from './health';
import * as notifications from './notifications';
import * as referrals from './referrals';
import * as promotions from './promotions';
import { RemoteMapReply } from './site';
import * as sharing from './sharing';
import * as video from './video';
import * as webhooks from './webhooks';

export interface ApiRoute {
  method: HttpMethod;
  /** Nest/Fastify pattern, e.g. '/api/video/status/:taskId'. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body, or a multipart form's text fields when `multipart`. */
  body?: z.ZodType;
  multipart?: true;
  /** A multipart form's file fields. */
  files?: readonly string[];
  /** Replies by status; `null`: the body is not JSON (see `contentType`). */
  replies: Readonly<Record<number, z.ZodType | null>>;
  /** The 2xx body's media type when it is not JSON. */
  contentType?: string;
  /** Sent with `Authorization: Bearer`: required, or optional (a visitor gets another answer). */
  auth?: 'required' | 'optional';
}

/** One route's key in API_ROUTES lookups and in released contracts: "GET /api/video/status/:taskId". */
export const routeKey = (route: Pick<ApiRoute, 'method' | 'path'>): string => `${route.method} ${route.path}`;

const E = ErrorReply;
/** The statuses of a signed-in route. */
const SIGNED_IN = { 401: E } as const;
/** Every route that reads the database answers 503 while its schema is pending a migration. */
const DB = { 503: E } as const;

/** The replies of a shared video's file (`/v/:id/video.mp4`...). */
const SHARED_FILE = { 200: null, 206: null, 302: null, 304: null, 404: E, 416: null, ...DB } as const;

/** The replies of an effect's sample and poster (`/effects/:slug/sample.mp4`...). */
const EFFECT_FILE = { 200: null, 206: null, 302: null, 304: null, 404: E, 416: null, ...DB } as const;

export const API_ROUTES = [
  // auth
  {
    method: 'POST',
    path: '/api/auth/google',
    body: auth.GoogleSignInSchema,
    // 409: the Google account's e-mail belongs to another account (USERS_EMAIL_TAKEN).
    replies: { 200: auth.SignInReply, 400: E, 401: E, 404: E, 409: E, 413: E, 429: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/auth/dev',
    body: auth.DevSignInSchema,
    replies: { 200: auth.SignInReply, 400: E, 404: E, 409: E, 413: E, 429: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/auth/user',
    auth: 'required',
    replies: { 200: auth.CurrentUserReply, ...SIGNED_IN, ...DB },
  },
  {
    method: 'POST',
    path: '/api/auth/signout',
    auth: 'required',
    replies: { 200: auth.SignOutReply, ...SIGNED_IN, ...DB },
  },
  // Password sign-in does not exist: these always refuse (AUTH_GOOGLE_ONLY).
  { method: 'POST', path: '/auth/signin', replies: { 400: E, 429: E } },
  { method: 'POST', path: '/auth/signup', replies: { 400: E, 429: E } },
  { method: 'POST', path: '/api/auth/reset-password', replies: { 400: E, 429: E } },

  // credits
  {
    method: 'GET',
    path: '/api/credits/balance',
    auth: 'required',
    replies: { 200: credits.CreditBalanceReply, ...SIGNED_IN, 404: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/credits/:userId/transactions',
    auth: 'required',
    params: credits.TransactionsParamsSchema,
    query: credits.TransactionsQuerySchema,
    replies: { 200: credits.TransactionsReply, 400: E, ...SIGNED_IN, 403: E, 404: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/credits/validate/:modelId',
    auth: 'required',
    params: credits.ValidateModelParamsSchema,
    replies: { 200: credits.ModelCheckReply, 400: E, ...SIGNED_IN, 404: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/credits/add',
    auth: 'required',
    // The console's adjustment: 409 ADMIN_BALANCE_BELOW_ZERO or ADMIN_IDEMPOTENCY_CONFLICT; 404 ADMIN_USER_NOT_FOUND.
    body: credits.CreditChangeSchema,
    replies: { 200: credits.CreditChangeReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 409: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/credits/deduct',
    auth: 'required',
    // As /api/credits/add.
    body: credits.CreditChangeSchema,
    replies: { 200: credits.CreditChangeReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 409: E, 413: E, ...DB },
  },

  // billing
  {
    method: 'POST',
    path: '/api/stripe/create-payment-intent',
    auth: 'required',
    body: billing.CreateCheckoutSchema,
    replies: { 200: billing.CreateCheckoutReply, 400: E, ...SIGNED_IN, 409: E, 413: E, 429: E, 502: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/stripe/checkout-session/:id',
    auth: 'required',
    params: billing.CheckoutSessionParamsSchema,
    replies: { 200: billing.CheckoutSessionReply, ...SIGNED_IN, 404: E, 502: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/stripe/subscription/status',
    auth: 'required',
    replies: { 200: billing.SubscriptionStatusReply, ...SIGNED_IN, ...DB },
  },
  {
    method: 'POST',
    path: '/api/stripe/subscription/cancel',
    auth: 'required',
    body: billing.CancelSubscriptionSchema,
    replies: { 200: billing.CancelSubscriptionReply, 400: E, ...SIGNED_IN, 404: E, 413: E, 502: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/stripe/portal',
    auth: 'required',
    // 409: the user has never paid through Stripe, so has no customer there (BILLING_NO_CUSTOMER).
    replies: { 200: billing.PortalReply, ...SIGNED_IN, 404: E, 409: E, 502: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    replies: { 200: billing.StripeWebhookReply, 400: E, 404: E, 413: E, 502: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/stripe/simulated/subscriptions/:id/renew',
    auth: 'required',
    params: billing.SimulatedRenewParamsSchema,
    replies: { 200: billing.SimulatedRenewReply, ...SIGNED_IN, 403: E, 404: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/stripe/simulated/:sessionId/complete',
    auth: 'required',
    params: billing.SimulatedCompleteParamsSchema,
    replies: { 200: billing.SimulatedCompleteReply, ...SIGNED_IN, 404: E, 409: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/stripe/simulated/:sessionId/promotion-code',
    auth: 'required',
    params: promotions.PromotionCodeParamsSchema,
    body: promotions.ApplyPromotionCodeSchema,
    // 404 PROMOTIONS_UNKNOWN_CODE or BILLING_SESSION_NOT_FOUND; 409 PROMOTIONS_EXPIRED, PROMOTIONS_USED_UP,
    // PROMOTIONS_DISABLED or BILLING_SESSION_CLOSED.
    replies: { 200: billing.CheckoutSessionReply, 400: E, ...SIGNED_IN, 404: E, 409: E, 413: E, ...DB },
  },
  {
    method: 'DELETE',
    path: '/api/stripe/simulated/:sessionId/promotion-code',
    auth: 'required',
    params: promotions.PromotionCodeParamsSchema,
    replies: { 200: billing.CheckoutSessionReply, ...SIGNED_IN, 404: E, 409: E, ...DB },
  },

  // account (the signed-in user's own page)
  {
    method: 'GET',
    path: '/api/account/profile',
    auth: 'required',
    replies: { 200: billing.AccountProfileReply, ...SIGNED_IN, 404: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/account/payments',
    auth: 'required',
    query: billing.AccountPaymentsQuerySchema,
    replies: { 200: billing.AccountPaymentsReply, 400: E, ...SIGNED_IN, ...DB },
  },
  {
    method: 'GET',
    path: '/api/account/payments/:id/receipt',
    auth: 'required',
    params: billing.PaymentReceiptParamsSchema,
    // 404 for a payment of another user's, as for one that does not exist (BILLING_PAYMENT_NOT_FOUND).
    replies: { 200: billing.PaymentReceiptReply, ...SIGNED_IN, 404: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/account/export',
    auth: 'required',
    // 429: one export per EXPORT_EVERY_HOURS (ACCOUNT_EXPORT_TOO_SOON, with Retry-After).
    replies: { 202: accountExport.StartAccountExportReply, ...SIGNED_IN, 429: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/account/export',
    auth: 'required',
    replies: { 200: accountExport.LatestAccountExportReply, ...SIGNED_IN, ...DB },
  },
  {
    method: 'GET',
    path: '/api/account/export/:id/download',
    auth: 'optional',
    params: accountExport.AccountExportParamsSchema,
    query: accountExport.AccountExportDownloadQuerySchema,
    // The ZIP from local disk, or a redirect to a short-lived presigned URL (S3). 404 for another user's
    // export as for none; 401 signed out without a link; 410 for an expired link.
    replies: { 200: null, 302: null, 400: E, 401: E, 404: E, 409: E, 410: E, ...DB },
    contentType: 'application/zip',
  },
  {
    method: 'GET',
    path: '/api/account/api-keys',
    auth: 'required',
    replies: { 200: apiKeys.ApiKeyListReply, ...SIGNED_IN, ...DB },
  },
  {
    method: 'POST',
    path: '/api/account/api-keys',
    auth: 'required',
    body: apiKeys.CreateApiKeySchema,
    // 409: MAX_API_KEYS keys already (API_KEYS_TOO_MANY).
    replies: { 201: apiKeys.CreateApiKeyReply, 400: E, ...SIGNED_IN, 409: E, 413: E, ...DB },
  },
  {
    method: 'DELETE',
    path: '/api/account/api-keys/:id',
    auth: 'required',
    params: apiKeys.ApiKeyParamsSchema,
    // 404: another user's key as for none; revoking a revoked key again is a 200.
    replies: { 200: apiKeys.RevokeApiKeyReply, 400: E, ...SIGNED_IN, 404: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/account/webhooks',
    auth: 'required',
    replies: { 200: webhooks.WebhookEndpointListReply, ...SIGNED_IN, ...DB },
  },
  {
    method: 'POST',
    path: '/api/account/webhooks',
    auth: 'required',
    body: webhooks.CreateWebhookEndpointSchema,
    // 400: a URL that is not https or names a private address (WEBHOOKS_INVALID_URL, WEBHOOKS_PRIVATE_ADDRESS);
    // 409: MAX_WEBHOOK_ENDPOINTS already (WEBHOOKS_TOO_MANY).
    replies: { 201: webhooks.CreateWebhookEndpointReply, 400: E, ...SIGNED_IN, 409: E, 413: E, ...DB },
  },
  {
    method: 'PATCH',
    path: '/api/account/webhooks/:id',
    auth: 'required',
    params: webhooks.WebhookEndpointParamsSchema,
    body: webhooks.UpdateWebhookEndpointSchema,
    // 404: another user's endpoint as for none.
    replies: { 200: webhooks.WebhookEndpointReply, 400: E, ...SIGNED_IN, 404: E, 413: E, ...DB },
  },
  {
    method: 'DELETE',
    path: '/api/account/webhooks/:id',
    auth: 'required',
    params: webhooks.WebhookEndpointParamsSchema,
    replies: { 200: webhooks.DeleteWebhookEndpointReply, 400: E, ...SIGNED_IN, 404: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/account/webhooks/:id/rotate-secret',
    auth: 'required',
    params: webhooks.WebhookEndpointParamsSchema,
    replies: { 200: webhooks.RotateWebhookSecretReply, 400: E, ...SIGNED_IN, 404: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/account/webhooks/:id/test',
    auth: 'required',
    params: webhooks.WebhookEndpointParamsSchema,
    // 429: test events and replays together, WEBHOOK_SENDS_PER_MINUTE a minute per user (WEBHOOKS_TOO_MANY_SENDS).
    replies: { 200: webhooks.TestWebhookReply, 400: E, ...SIGNED_IN, 404: E, 429: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/account/webhooks/:id/deliveries',
    auth: 'required',
    params: webhooks.WebhookEndpointParamsSchema,
    query: webhooks.WebhookDeliveriesQuerySchema,
    replies: { 200: webhooks.WebhookDeliveriesReply, 400: E, ...SIGNED_IN, 404: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/account/webhook-deliveries/:id/replay',
    auth: 'required',
    params: webhooks.WebhookEndpointParamsSchema,
    // 409: the delivery is being sent right now (WEBHOOKS_DELIVERY_BUSY); 429 as for a test event.
    replies: { 200: webhooks.ReplayWebhookDeliveryReply, 400: E, ...SIGNED_IN, 404: E, 409: E, 429: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/account/delete',
    auth: 'required',
    body: accountDeletion.AccountDeleteSchema,
    // 422: the e-mail typed is not the account's (ACCOUNT_DELETION_EMAIL_MISMATCH), nothing changed;
    // 502: Stripe could not cancel the plan, nothing deleted.
    replies: { 200: accountDeletion.AccountDeleteReply, 400: E, ...SIGNED_IN, 404: E, 413: E, 422: E, 502: E, ...DB },
  },

  // video
  {
    method: 'POST',
    path: '/api/video/generate',
    auth: 'optional',
    body: video.GenerateFormSchema,
    multipart: true,
    files: video.GENERATE_FORM_FILES,
    replies: { 200: video.GenerateReply, 400: E, 401: E, 402: E, 409: E, 413: E, 422: E, 429: E, 503: E },
  },
  {
    method: 'POST',
    path: '/api/video/edit/:taskId',
    auth: 'required',
    params: video.TaskParamsSchema,
    body: video.EditRequestSchema,
    replies: { 200: video.GenerateReply, 400: E, ...SIGNED_IN, 402: E, 404: E, 409: E, 422: E, 429: E, 503: E },
  },
  {
    method: 'POST',
    path: '/api/video/extend/:taskId',
    auth: 'required',
    params: video.TaskParamsSchema,
    body: video.ExtendRequestSchema,
    replies: { 200: video.GenerateReply, 400: E, ...SIGNED_IN, 402: E, 404: E, 409: E, 422: E, 429: E, 503: E },
  },
  {
    method: 'POST',
    path: '/api/video/remake/:taskId',
    auth: 'required',
    params: video.TaskParamsSchema,
    body: video.RemakeRequestSchema,
    replies: { 200: video.GenerateReply, 400: E, ...SIGNED_IN, 402: E, 404: E, 409: E, 422: E, 429: E, 503: E },
  },
  { method: 'GET', path: '/api/video/options', replies: { 200: video.VideoOptionsReply } },
  {
    method: 'POST',
    path: '/api/video/callback/:taskId',
    params: video.TaskParamsSchema,
    query: video.CallbackQuerySchema,
    replies: { 200: video.CallbackReply, 400: E, 404: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/video/status/:taskId',
    auth: 'required',
    params: video.TaskParamsSchema,
    replies: { 200: video.VideoStatusReply, ...SIGNED_IN, 404: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/video/history',
    auth: 'required',
    query: video.HistoryQuerySchema,
    replies: { 200: video.VideoHistoryReply, 400: E, ...SIGNED_IN, ...DB },
  },
  {
    method: 'GET',
    path: '/api/video/recent',
    auth: 'required',
    query: video.RecentQuerySchema,
    replies: { 200: video.RecentTasksReply, 400: E, ...SIGNED_IN, ...DB },
  },
  {
    method: 'DELETE',
    path: '/api/video/tasks/:taskId',
    auth: 'required',
    params: video.TaskParamsSchema,
    // 409: the task is still being made (VIDEO_TASK_UNFINISHED).
    replies: { 200: video.DeleteVideoTaskReply, ...SIGNED_IN, 404: E, 409: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/video/tasks/:taskId/restore',
    auth: 'required',
    params: video.TaskParamsSchema,
    replies: { 200: video.RestoreVideoTaskReply, ...SIGNED_IN, 404: E, ...DB },
  },
  ...(
    [
      ['file', 'video/mp4'],
      ['poster', 'image/jpeg'],
      ['upload', 'image/*'],
      ['last-frame', 'image/*'],
    ] as const
  ).map(([kind, contentType]) => ({
    method: 'GET' as const,
    path: `/api/video/${kind}/:taskId`,
    auth: 'optional' as const,
    params: video.TaskParamsSchema,
    query: video.FileQuerySchema,
    contentType,
    // 206 for a range of the file; 302 to a presigned URL when files are in S3.
    replies: { 200: null, 206: null, 302: null, 400: E, 403: E, 404: E, 503: E },
  })),
  {
    // A task's reference image (Omni), by its place in the list, through a signed link like `upload`.
    method: 'GET',
    path: '/api/video/reference/:taskId/:index',
    auth: 'optional',
    params: z.object({ taskId: z.string(), index: z.string() }),
    query: video.FileQuerySchema,
    contentType: 'image/*',
    replies: { 200: null, 302: null, 400: E, 403: E, 404: E, 503: E },
  },
  {
    method: 'GET',
    path: '/api/video/events',
    auth: 'required',
    contentType: 'text/event-stream',
    // 429: too many streams opened by the user, or held open from the client's address.
    replies: { 200: null, ...SIGNED_IN, 429: E, 503: E },
  },

  // blog (public)
  {
    method: 'GET',
    path: '/api/blog/posts',
    query: blog.BlogListQuerySchema,
    replies: { 200: blog.BlogListReply, 304: null, 400: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/blog/posts/:slug',
    params: blog.BlogSlugParamsSchema,
    replies: { 200: blog.BlogPostReply, 304: null, 404: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/blog/upload-image',
    auth: 'required',
    multipart: true,
    files: [blog.BLOG_IMAGE_FILE_FIELD],
    replies: { 200: blog.ContentImageUploadReply, 400: E, ...SIGNED_IN, 403: E, 413: E, 415: E, 503: E },
  },
  {
    method: 'GET',
    path: '/api/blog/images/:name',
    params: blog.BlogImageParamsSchema,
    contentType: 'image/*',
    replies: { 200: null, 304: null, 404: E, 503: E },
  },

  // blog (admin)
  {
    method: 'GET',
    path: '/api/blog/admin/posts',
    auth: 'required',
    query: blog.AdminListQuerySchema,
    replies: { 200: blog.AdminPostListReply, 400: E, ...SIGNED_IN, 403: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/blog/admin/posts/:id',
    auth: 'required',
    params: blog.BlogPostIdParamsSchema,
    replies: { 200: blog.AdminPostReply, 400: E, ...SIGNED_IN, 403: E, 404: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/blog/admin/posts',
    auth: 'required',
    body: blog.BlogPostSchema,
    replies: { 201: blog.AdminPostSavedReply, 400: E, ...SIGNED_IN, 403: E, 409: E, 413: E, ...DB },
  },
  {
    method: 'PUT',
    path: '/api/blog/admin/posts/:id',
    auth: 'required',
    params: blog.BlogPostIdParamsSchema,
    body: blog.BlogPostSchema,
    replies: { 200: blog.AdminPostSavedReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 409: E, 413: E, ...DB },
  },
  {
    method: 'DELETE',
    path: '/api/blog/admin/posts/:id',
    auth: 'required',
    params: blog.BlogPostIdParamsSchema,
    replies: { 200: blog.AdminPostDeletedReply, 400: E, ...SIGNED_IN, 403: E, 404: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/blog/admin/upload',
    auth: 'required',
    multipart: true,
    files: [blog.BLOG_IMAGE_FILE_FIELD],
    replies: { 200: blog.FeaturedImageUploadReply, 400: E, ...SIGNED_IN, 403: E, 413: E, 415: E, 503: E },
  },

  // admin console (admin role only)
  {
    method: 'GET',
    path: '/api/admin/users',
    auth: 'required',
    query: admin.AdminUsersQuerySchema,
    replies: { 200: admin.AdminUsersReply, 400: E, ...SIGNED_IN, 403: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/admin/users/:id',
    auth: 'required',
    params: admin.AdminIdParamsSchema,
    replies: { 200: admin.AdminUserDetailReply, ...SIGNED_IN, 403: E, 404: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/credits',
    auth: 'required',
    params: admin.AdminIdParamsSchema,
    body: admin.AdminCreditAdjustSchema,
    // 409: the balance would go below zero (ADMIN_BALANCE_BELOW_ZERO) or the Idempotency-Key was used for another change.
    replies: { 200: admin.AdminCreditAdjustReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 409: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/roles',
    auth: 'required',
    params: admin.AdminIdParamsSchema,
    body: admin.AdminRoleChangeSchema,
    // 409: one's own role, the last admin, or a role the configuration gives; 403: the actor is no longer an admin.
    replies: { 200: admin.AdminRoleChangeReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 409: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/sign-out',
    auth: 'required',
    params: admin.AdminIdParamsSchema,
    body: admin.AdminSignOutSchema,
    replies: { 200: admin.AdminSignOutReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/delete',
    auth: 'required',
    params: admin.AdminIdParamsSchema,
    body: accountDeletion.AdminUserDeleteSchema,
    // 409: one's own account (deleted from the account page instead); 502: Stripe could not cancel the plan.
    replies: {
      200: accountDeletion.AdminUserDeleteReply,
      400: E,
      ...SIGNED_IN,
      403: E,
      404: E,
      409: E,
      413: E,
      502: E,
      ...DB,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/api-usage',
    auth: 'required',
    query: apiKeys.AdminApiUsageQuerySchema,
    replies: { 200: apiKeys.AdminApiUsageReply, 400: E, ...SIGNED_IN, 403: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/api-keys/:id/revoke',
    auth: 'required',
    params: apiKeys.ApiKeyParamsSchema,
    body: apiKeys.AdminRevokeApiKeySchema,
    replies: { 200: apiKeys.AdminRevokeApiKeyReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 413: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/admin/payments',
    auth: 'required',
    query: admin.AdminPaymentsQuerySchema,
    replies: { 200: admin.AdminPaymentsReply, 400: E, ...SIGNED_IN, 403: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/payments/:id/refund',
    auth: 'required',
    params: admin.AdminIdParamsSchema,
    body: admin.AdminPaymentRefundSchema,
    // 409: nothing left to refund (ADMIN_PAYMENT_REFUNDED); 502: Stripe refused or could not be reached.
    replies: {
      200: admin.AdminPaymentRefundReply,
      400: E,
      ...SIGNED_IN,
      403: E,
      404: E,
      409: E,
      413: E,
      502: E,
      ...DB,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/tasks',
    auth: 'required',
    query: admin.AdminTasksQuerySchema,
    replies: { 200: admin.AdminTasksReply, 400: E, ...SIGNED_IN, 403: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/tasks/:id/refund',
    auth: 'required',
    params: admin.AdminIdParamsSchema,
    body: admin.AdminTaskRefundSchema,
    // 409: already refunded, or a finished video (ADMIN_TASK_NOT_REFUNDABLE).
    replies: { 200: admin.AdminTaskRefundReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 409: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/tasks/:id/retry',
    auth: 'required',
    params: admin.AdminIdParamsSchema,
    body: admin.AdminTaskRetrySchema,
    // 409: neither failed nor stuck (ADMIN_TASK_NOT_RETRYABLE).
    replies: { 200: admin.AdminTaskRetryReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 409: E, 413: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/admin/overview',
    auth: 'required',
    query: admin.AdminOverviewQuerySchema,
    replies: { 200: admin.AdminOverviewReply, 400: E, ...SIGNED_IN, 403: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/admin/audit',
    auth: 'required',
    query: admin.AdminAuditQuerySchema,
    // JSON, or with ?format=csv every matching row as a CSV file.
    contentType: 'text/csv',
    replies: { 200: admin.AdminAuditReply, 400: E, ...SIGNED_IN, 403: E, ...DB },
  },

  // sharing: a finished video made public at /v/:id (services/src/sharing)
  {
    method: 'POST',
    path: '/api/share/tasks/:taskId',
    auth: 'required',
    params: sharing.ShareTaskParamsSchema,
    body: sharing.CreateShareSchema,
    // 200: the new share, or the live one when the video is shared already; 409: not a finished video.
    replies: { 200: sharing.ShareReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 409: E, 413: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/share/tasks/:taskId',
    auth: 'required',
    params: sharing.ShareTaskParamsSchema,
    replies: { 200: sharing.TaskShareReply, ...SIGNED_IN, 404: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/share/tasks',
    auth: 'required',
    query: sharing.SharesQuerySchema,
    replies: { 200: sharing.SharesReply, 400: E, ...SIGNED_IN, ...DB },
  },
  {
    method: 'PATCH',
    path: '/api/share/:id',
    auth: 'required',
    params: sharing.ShareParamsSchema,
    body: sharing.UpdateShareSchema,
    // 403: offered to the gallery by a user banned from it (the gallery's check).
    replies: { 200: sharing.ShareReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 413: E, ...DB },
  },
  {
    method: 'DELETE',
    path: '/api/share/:id',
    auth: 'required',
    params: sharing.ShareParamsSchema,
    replies: { 200: sharing.UnshareReply, ...SIGNED_IN, 404: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/share/:id/view',
    auth: 'optional',
    params: sharing.ShareParamsSchema,
    replies: { 200: sharing.ShareViewReply, 404: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/share/:id/remix',
    params: sharing.ShareParamsSchema,
    replies: { 200: sharing.RemixSourceReply, 404: E, ...DB },
  },
  {
    // oEmbed 1.0: the reply is the specification's object, without the envelope; 501 for a format other than json.
    method: 'GET',
    path: '/api/oembed',
    query: sharing.OEmbedQuerySchema,
    replies: { 200: sharing.OEmbedReply, 400: E, 404: E, 501: E, ...DB },
  },
  // gallery (the community gallery: public listing and reports; its review in the console)
  {
    method: 'GET',
    path: '/api/gallery',
    query: gallery.GalleryListQuerySchema,
    replies: { 200: gallery.GalleryListReply, 400: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/gallery/reports',
    auth: 'optional',
    body: gallery.GalleryReportSchema,
    // 404 GALLERY_NOT_FOUND: no such live share; 429 GALLERY_TOO_MANY_REPORTS with Retry-After.
    replies: { 200: gallery.GalleryReportReply, 400: E, 401: E, 404: E, 413: E, 429: E, ...DB },
  },
  {
    method: 'GET',
    path: '/api/admin/gallery',
    auth: 'required',
    query: gallery.AdminGalleryQuerySchema,
    replies: { 200: gallery.AdminGalleryReply, 400: E, ...SIGNED_IN, 403: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/gallery/:id/hide',
    auth: 'required',
    params: gallery.AdminGalleryParamsSchema,
    body: gallery.AdminGalleryActionSchema,
    // 404 GALLERY_NOT_FOUND.
    replies: { 200: gallery.AdminGalleryItemReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/gallery/:id/restore',
    auth: 'required',
    params: gallery.AdminGalleryParamsSchema,
    body: gallery.AdminGalleryActionSchema,
    // 404 GALLERY_NOT_FOUND; 409 GALLERY_NOT_OFFERED or GALLERY_OWNER_BANNED.
    replies: { 200: gallery.AdminGalleryItemReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 409: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/gallery/:id/dismiss-reports',
    auth: 'required',
    params: gallery.AdminGalleryParamsSchema,
    body: gallery.AdminGalleryActionSchema,
    // 404 GALLERY_NOT_FOUND.
    replies: { 200: gallery.AdminGalleryItemReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/gallery/users/:id/ban',
    auth: 'required',
    params: gallery.AdminGalleryUserParamsSchema,
    body: gallery.AdminGalleryActionSchema,
    // 404 GALLERY_USER_NOT_FOUND.
    replies: { 200: gallery.AdminGalleryBanReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/gallery/users/:id/unban',
    auth: 'required',
    params: gallery.AdminGalleryUserParamsSchema,
    body: gallery.AdminGalleryActionSchema,
    // 404 GALLERY_USER_NOT_FOUND.
    replies: { 200: gallery.AdminGalleryBanReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 413: E, ...DB },
  },
  // referrals: the caller's invitation link and what it brought (503 REFERRALS_CODE_UNAVAILABLE when no
  // code could be drawn, which asking again fixes)
  {
    method: 'GET',
    path: '/api/referrals',
    auth: 'required',
    replies: { 200: referrals.ReferralSummaryReply, ...SIGNED_IN, ...DB },
  },
  // promotions (the simulated checkout's promotion codes, in the console)
  {
    method: 'GET',
    path: '/api/admin/promotions',
    auth: 'required',
    query: promotions.AdminPromotionsQuerySchema,
    replies: { 200: promotions.AdminPromotionsReply, 400: E, ...SIGNED_IN, 403: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/promotions',
    auth: 'required',
    body: promotions.CreatePromotionSchema,
    // 409 PROMOTIONS_CODE_TAKEN.
    replies: { 201: promotions.AdminPromotionReply, 400: E, ...SIGNED_IN, 403: E, 409: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/promotions/:id/disable',
    auth: 'required',
    params: promotions.AdminPromotionParamsSchema,
    body: promotions.DisablePromotionSchema,
    // 404 PROMOTIONS_NOT_FOUND.
    replies: { 200: promotions.AdminPromotionReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 413: E, ...DB },
  },
  // effects: one-tap videos from an effect template (services/src/effects)
  {
    method: 'GET',
    path: '/api/effects',
    replies: { 200: effects.EffectListReply, ...DB },
  },
  {
    method: 'GET',
    path: '/api/effects/:slug',
    params: effects.EffectParamsSchema,
    // 404 EFFECTS_NOT_FOUND: no such effect, or not published.
    replies: { 200: effects.EffectReply, 404: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/effects/:slug/generate',
    auth: 'optional',
    params: effects.EffectParamsSchema,
    body: effects.EffectGenerateFormSchema,
    multipart: true,
    files: effects.EFFECT_GENERATE_FILES,
    // As POST /api/video/generate; 400 EFFECTS_BAD_INPUT / EFFECTS_CONSENT_REQUIRED; 404 EFFECTS_NOT_FOUND.
    replies: { 200: video.GenerateReply, 400: E, 401: E, 402: E, 404: E, 409: E, 413: E, 422: E, 429: E, 503: E },
  },
  {
    method: 'GET',
    path: '/api/admin/effects',
    auth: 'required',
    replies: { 200: effects.AdminEffectListReply, ...SIGNED_IN, 403: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/effects',
    auth: 'required',
    body: effects.EffectDraftSchema,
    // 400 EFFECTS_INVALID_EFFECT; 409 EFFECTS_SLUG_TAKEN.
    replies: { 201: effects.AdminEffectReply, 400: E, ...SIGNED_IN, 403: E, 409: E, 413: E, ...DB },
  },
  {
    method: 'PUT',
    path: '/api/admin/effects/:id',
    auth: 'required',
    params: effects.AdminEffectParamsSchema,
    body: effects.EffectDraftSchema,
    replies: { 200: effects.AdminEffectReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 409: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/effects/reorder',
    auth: 'required',
    body: effects.ReorderEffectsSchema,
    // 400 EFFECTS_INVALID_EFFECT: the ids are not every effect's, each once.
    replies: { 200: effects.AdminEffectListReply, 400: E, ...SIGNED_IN, 403: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/effects/:id/publish',
    auth: 'required',
    params: effects.AdminEffectParamsSchema,
    body: effects.AdminEffectActionSchema,
    replies: { 200: effects.AdminEffectReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/effects/:id/unpublish',
    auth: 'required',
    params: effects.AdminEffectParamsSchema,
    body: effects.AdminEffectActionSchema,
    replies: { 200: effects.AdminEffectReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/admin/effects/:id/sample',
    auth: 'required',
    params: effects.AdminEffectParamsSchema,
    body: effects.EffectSampleFormSchema,
    multipart: true,
    files: [effects.EFFECT_SAMPLE_FILE],
    // 400 EFFECTS_INVALID_SAMPLE: not an MP4 or WebM ffmpeg can read, or larger than EFFECT_SAMPLE_MAX_BYTES.
    replies: { 200: effects.AdminEffectReply, 400: E, ...SIGNED_IN, 403: E, 404: E, 413: E, ...DB },
  },
  // notifications ("tell me when it's ready")
  {
    method: 'GET',
    path: '/api/notifications/settings',
    auth: 'required',
    query: notifications.NotificationSettingsQuerySchema,
    replies: { 200: notifications.NotificationSettingsReply, 400: E, ...SIGNED_IN, ...DB },
  },
  {
    method: 'PUT',
    path: '/api/notifications/settings',
    auth: 'required',
    body: notifications.UpdateNotificationSettingsSchema,
    replies: { 200: notifications.UpdateNotificationSettingsReply, 400: E, ...SIGNED_IN, 413: E, ...DB },
  },
  {
    method: 'POST',
    path: '/api/notifications/push-subscriptions',
    auth: 'required',
    body: notifications.CreatePushSubscriptionSchema,
    // 400: an endpoint that is not an https URL (NOTIFICATIONS_INVALID_ENDPOINT); 409: the site has no
    // VAPID keys (NOTIFICATIONS_PUSH_UNAVAILABLE).
    replies: { 201: notifications.PushSubscriptionReply, 400: E, ...SIGNED_IN, 409: E, 413: E, ...DB },
  },
  {
    method: 'DELETE',
    path: '/api/notifications/push-subscriptions',
    auth: 'required',
    body: notifications.DeletePushSubscriptionSchema,
    // An endpoint that is not the user's is no error: it is not theirs afterwards either.
    replies: { 200: notifications.PushSubscriptionReply, 400: E, ...SIGNED_IN, 413: E, ...DB },
  },
  // The e-mail's unsubscribe link: GET shows a confirm button (a link scanner's GET changes nothing),
  // POST (the button, or a mail provider's one-click `List-Unsubscribe=One-Click`, RFC 8058) turns the
  // e-mails off. Both answer a page in English and Chinese; an unknown token, 404 with a page saying so.
  {
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    query: notifications.UnsubscribeQuerySchema,
    contentType: 'text/html',
    replies: { 200: null, 400: E, 404: null, ...DB },
  },
  {
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    query: notifications.UnsubscribeQuerySchema,
    contentType: 'text/html',
    replies: { 200: null, 400: E, 404: null, 413: E, 415: E, ...DB },
  },
  // The local outbox of e-mails (no SMTP_URL, outside production), only while development sign-in is
  // on: a page listing them, and each message as an .eml file. 404 elsewhere.
  { method: 'GET', path: '/api/dev/outbox', contentType: 'text/html', replies: { 200: null, 404: E } },
  {
    method: 'GET',
    path: '/api/dev/outbox/:id',
    params: notifications.OutboxMessageParamsSchema,
    contentType: 'message/rfc822',
    replies: { 200: null, 404: E },
  },

  // health
  { method: 'GET', path: '/api/health/live', replies: { 200: health.LiveReply } },
  { method: 'GET', path: '/api/health/ready', replies: { 200: health.ReadyReply, 503: E } },
  { method: 'GET', path: '/api/health', replies: { 200: health.HealthReply, 503: E } },

  // Any other GET /api/...: the JSON 404 straight from the router (http/http-pipeline's api-not-found).
  { method: 'GET', path: '/api/*', replies: { 404: E } },

  // MCP (outside /api): JSON-RPC over Streamable HTTP, stateless, on an API key (services/src/mcp). 200: a
  // JSON-RPC reply; 202: a notification taken; 400/406/415: the transport's JSON-RPC refusals; 401 before the
  // handshake (WWW-Authenticate: Bearer); 429: the key's rate limit. GET and DELETE: 405 (no stream, no session).
  {
    method: 'POST',
    path: '/mcp',
    auth: 'required',
    contentType: 'application/json',
    replies: { 200: null, 202: null, 400: null, 401: E, 406: null, 413: E, 415: null, 429: E, ...DB },
  },
  { method: 'GET', path: '/mcp', replies: { 405: E } },
  { method: 'DELETE', path: '/mcp', replies: { 405: E } },

  // site (outside /api)
  { method: 'GET', path: '/remote-map.json', replies: { 200: RemoteMapReply } },
  { method: 'GET', path: '/robots.txt', contentType: 'text/plain', replies: { 200: null } },
  { method: 'GET', path: '/sitemap.xml', contentType: 'application/xml', replies: { 200: null, ...DB } },
  { method: 'GET', path: '/rss.xml', contentType: 'application/rss+xml', replies: { 200: null, ...DB } },
  // A shared video's public page (HTML; 404 is a page too) and its embeddable player (no sign-in).
  { method: 'GET', path: '/v/:id', contentType: 'text/html', replies: { 200: null, 304: null, 404: null, ...DB } },
  {
    method: 'GET',
    path: '/v/:id/embed',
    contentType: 'text/html',
    replies: { 200: null, 304: null, 404: null, ...DB },
  },
  // Its files: 206 for a range, 304 when the copy held is current, 302 to a short presigned URL when files are in S3.
  { method: 'GET', path: '/v/:id/video.mp4', contentType: 'video/mp4', replies: SHARED_FILE },
  { method: 'GET', path: '/v/:id/poster.jpg', contentType: 'image/jpeg', replies: SHARED_FILE },
  { method: 'GET', path: '/v/:id/first-frame', contentType: 'image/*', replies: SHARED_FILE },
  // An effect's sample video and its poster (public, cacheable; the console's upload, else the bundled one).
  { method: 'GET', path: '/effects/:slug/sample.mp4', contentType: 'video/mp4', replies: EFFECT_FILE },
  { method: 'GET', path: '/effects/:slug/poster.jpg', contentType: 'image/jpeg', replies: EFFECT_FILE },
  // The community gallery's pages (server-rendered, for readers without JavaScript): /explore, and the
  // report form of a shared video (posted form-urlencoded; 400 re-shows it with the error, 404 for no such
  // live share, 429 too many reports).
  { method: 'GET', path: '/explore', contentType: 'text/html', replies: { 200: null, ...DB } },
  {
    method: 'GET',
    path: '/v/:id/report',
    params: gallery.GalleryPageParamsSchema,
    contentType: 'text/html',
    replies: { 200: null, 404: null, ...DB },
  },
  {
    method: 'POST',
    path: '/v/:id/report',
    params: gallery.GalleryPageParamsSchema,
    body: gallery.GalleryReportFormSchema,
    contentType: 'text/html',
    replies: { 200: null, 400: null, 404: null, 413: E, 429: null, ...DB },
  },
  // The shell's service worker (scope /): shows push notifications; never cached long, so an update reaches browsers.
  { method: 'GET', path: '/sw.js', contentType: 'text/javascript', replies: { 200: null, 404: E } },
  // Every other GET: the shell's page (blog pages 404 for a missing article; /api, /mfe, /assets and file names 404).
  { method: 'GET', path: '/*', contentType: 'text/html', replies: { 200: null, 304: null, 404: E } },
] as const satisfies readonly ApiRoute[];

export type ApiRouteEntry = (typeof API_ROUTES)[number];

/** The route for `method` and `path` (the pattern as listed), or undefined. */
export function findApiRoute(method: string, path: string): ApiRoute | undefined {
  return (API_ROUTES as readonly ApiRoute[]).find((r) => r.method === method.toUpperCase() && r.path === path);
}
