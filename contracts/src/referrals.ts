/** Referrals: each user's invitation link, and what it brought them (the account page's "Invite friends"). */
import { z } from 'zod';
import { ok } from './envelope';
import { REFERRAL_CODE_LENGTH, REFERRAL_CODE_PATTERN } from './referral-code';

/** The code a sign-in carries from a `?ref=` link (optional; an unknown one is ignored). */
export const ReferralCode = z
  .string()
  .regex(REFERRAL_CODE_PATTERN, `referral_code must be ${REFERRAL_CODE_LENGTH} letters, digits, - or _`);

/** GET /api/referrals: the caller's link and what it brought. */
export const ReferralSummary = z.object({
  /** `<SITE_URL>/?ref=<code>`; null while referrals are off (REFERRAL_CREDITS=0). */
  link: z.string().nullable(),
  code: z.string().nullable(),
  /** Credits each side gets at the invited user's first purchase; 0: referrals are off. */
  reward_credits: z.number().int(),
  /** New users who signed up through the link. */
  invited: z.number().int(),
  /** Of them, those who made a first purchase (each gave the caller their reward). */
  rewarded: z.number().int(),
  /** Credits the caller earned as a referrer. */
  credits_earned: z.number().int(),
});
export type ReferralSummary = z.infer<typeof ReferralSummary>;

export const ReferralSummaryReply = ok(ReferralSummary);
export type ReferralSummaryReply = z.infer<typeof ReferralSummaryReply>;
