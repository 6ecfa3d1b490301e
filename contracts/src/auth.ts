/** Sign-in (Google, dev), the signed-in user, sign-out, and the password routes that only refuse. */
import { z } from 'zod';
import { okWith, OkReply } from './envelope';
import { ReferralCode } from './referrals';

export const GoogleSignInSchema = z.object({
  token: z.string({ error: 'token is required' }).min(10, 'token is required').max(8192),
  /** From a `?ref=` link: a new account made by this sign-in was invited by the code's user. */
  referral_code: ReferralCode.optional(),
});
export type GoogleSignInBody = z.infer<typeof GoogleSignInSchema>;

export const DevSignInSchema = z.object({
  // 254: the longest address mail can deliver to, and within provider_subject (255), where dev sign-in keeps it.
  email: z.email({ error: 'Please enter a valid e-mail address' }).max(254),
  name: z.string().trim().max(200).nullish(),
  referral_code: ReferralCode.optional(),
});
export type DevSignInBody = z.infer<typeof DevSignInSchema>;

export const AUTH_PROVIDERS = ['google', 'dev'] as const;
export const AuthProvider = z.enum(AUTH_PROVIDERS);
export type AuthProvider = z.infer<typeof AuthProvider>;

/** The user as every reply shows it (users/user.entity.ts toPublicUser): every field always present. */
export const PublicUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  picture: z.string().nullable(),
  /** The same as `picture` (SPEC §3 names both). */
  avatar_url: z.string().nullable(),
  credits: z.number().int(),
  can_manage_blog: z.boolean(),
  is_admin: z.boolean(),
  provider: AuthProvider,
});
export type PublicUser = z.infer<typeof PublicUser>;

/** POST /api/auth/google and /api/auth/dev. */
export const SignInReply = okWith({ token: z.string(), user: PublicUser });
export type SignInReply = z.infer<typeof SignInReply>;

/** GET /api/auth/user. */
export const CurrentUserReply = okWith({ user: PublicUser });
export type CurrentUserReply = z.infer<typeof CurrentUserReply>;

/** POST /api/auth/signout. */
export const SignOutReply = OkReply;
export type SignOutReply = z.infer<typeof SignOutReply>;
