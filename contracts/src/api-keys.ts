/** API keys: what a developer or an AI assistant uses to call `/v1` and `/mcp` on the account's credits. */
import { z } from 'zod';
import { ok, OkReply } from './envelope';

/** What a key may do; a key never works on account, billing, admin or blog routes. */
export const API_KEY_SCOPES = ['videos:write', 'videos:read', 'credits:read'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** Every key starts with this, so a leaked one is recognisable (secret scanners) and never mistaken for a session token. */
export const API_KEY_PREFIX = 'v3s_';

/** A user holds at most this many keys that are not revoked. */
export const MAX_API_KEYS = 20;
export const API_KEY_NAME_MAX = 60;
/** The largest monthly cap a key can carry, in credits. */
export const API_KEY_CAP_MAX = 1_000_000;

/** One key as listed: never the secret, which is shown once at creation. */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`v3s_` and 8 more): enough to tell keys apart in lists and logs. */
  prefix: z.string(),
  scopes: z.array(ApiKeyScope),
  /** Credits the key may spend in a calendar month (UTC); null: no cap but the balance. */
  monthly_cap: z.number().int().positive().nullable(),
  /** Credits spent through the key this calendar month (UTC), refunds given back. */
  spent_this_month: z.number().int().nonnegative(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const CreateApiKeySchema = z.object({
  name: z.string().trim().min(1, 'Give the key a name').max(API_KEY_NAME_MAX),
  scopes: z.array(ApiKeyScope).min(1, 'Choose at least one scope'),
  monthly_cap: z.number().int().positive().max(API_KEY_CAP_MAX).nullable().optional(),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeySchema>;

/** POST /api/account/api-keys (201): the key, and its secret (shown this once: only its hash is stored). */
export const CreateApiKeyReply = ok(z.object({ key: ApiKey, secret: z.string() }));
export type CreateApiKeyReply = z.infer<typeof CreateApiKeyReply>;

/** GET /api/account/api-keys: the caller's keys, newest first, revoked ones included. */
export const ApiKeyListReply = ok(z.object({ items: z.array(ApiKey) }));
export type ApiKeyListReply = z.infer<typeof ApiKeyListReply>;

export const ApiKeyParamsSchema = z.object({ id: z.string().max(64) });
export type ApiKeyParams = z.infer<typeof ApiKeyParamsSchema>;

/** DELETE /api/account/api-keys/:id: revoked, refused at once by every process (within the session cache's seconds). */
export const RevokeApiKeyReply = OkReply;
export type RevokeApiKeyReply = z.infer<typeof RevokeApiKeyReply>;

/** The console's API usage: one row per key, with its owner. */
export const AdminApiKeyUsage = ApiKey.extend({
  user_id: z.string(),
  user_email: z.string(),
  /** Videos requested through the key, in all and this month. */
  videos_total: z.number().int().nonnegative(),
  videos_this_month: z.number().int().nonnegative(),
  /** Credits spent through the key in all (refunds given back). */
  spent_total: z.number().int().nonnegative(),
  revoked_reason: z.string().nullable(),
});
export type AdminApiKeyUsage = z.infer<typeof AdminApiKeyUsage>;

export const AdminApiUsageQuerySchema = z.object({
  /** An e-mail (part of one) or a user id. */
  user: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminApiUsageQuery = z.infer<typeof AdminApiUsageQuerySchema>;

/** GET /api/admin/api-usage: keys with their use, most recently used first, 25 a page. */
export const AdminApiUsageReply = ok(
  z.object({
    items: z.array(AdminApiKeyUsage),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pages: z.number().int().nonnegative(),
  }),
);
export type AdminApiUsageReply = z.infer<typeof AdminApiUsageReply>;

export const AdminRevokeApiKeySchema = z.object({ reason: z.string().trim().min(3).max(500) });
export type AdminRevokeApiKeyRequest = z.infer<typeof AdminRevokeApiKeySchema>;

/** POST /api/admin/api-keys/:id/revoke: revoked with the admin's reason (audited `api_key.revoke`). */
export const AdminRevokeApiKeyReply = ok(AdminApiKeyUsage);
export type AdminRevokeApiKeyReply = z.infer<typeof AdminRevokeApiKeyReply>;
