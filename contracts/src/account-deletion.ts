/**
 * Deleting an account (UK GDPR erasure): by the signed-in user from the account page, who types
 * their e-mail to confirm, or by an admin from the console, with a reason.
 */
import { z } from 'zod';
import { AdminReason } from './credits';
import { ok } from './envelope';

/** The user's own deletion: their account's e-mail, typed again (any case; spaces around ignored). */
export const AccountDeleteSchema = z.object({
  email: z.string({ error: 'email is required' }).trim().min(1, 'email is required').max(320),
});
export type AccountDeleteBody = z.infer<typeof AccountDeleteSchema>;

/** What was done: the plan cancelled, the credits forfeited, the videos deleted. */
export const AccountDeletion = z.object({
  deleted: z.literal(true),
  subscription_cancelled: z.boolean(),
  credits_forfeited: z.number().int(),
  videos_deleted: z.number().int(),
});
export type AccountDeletion = z.infer<typeof AccountDeletion>;
export const AccountDeleteReply = ok(AccountDeletion);
export type AccountDeleteReply = z.infer<typeof AccountDeleteReply>;

/** An admin's deletion: why, for the audit trail (required; no personal data of the user, please). */
export const AdminUserDeleteSchema = z.object({ reason: AdminReason });
export type AdminUserDeleteBody = z.infer<typeof AdminUserDeleteSchema>;
export const AdminUserDeleteReply = AccountDeleteReply;
export type AdminUserDeleteReply = z.infer<typeof AdminUserDeleteReply>;
