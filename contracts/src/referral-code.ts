/**
 * The referral code's form, for the service and the shell alike (no zod here: the shell's first
 * chunk reads it on every page).
 */

/** A referral code: random URL-safe characters, naming nothing about its user. */
export const REFERRAL_CODE_LENGTH = 10;
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{10}$/;
