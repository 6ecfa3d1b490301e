import { apiRequest } from '@veo3/platform/api/api-client';
import { sessionStore } from '@veo3/platform/session/session-store';
import type { PublicUser, SignInReply } from '@veo3/contracts/auth';

async function completeSignIn(reply: SignInReply): Promise<PublicUser> {
  sessionStore.signIn(reply.token, reply.user);
  return reply.user;
}

/**
 * Exchanges a Google ID token for the site's token and user (SPEC §7 POST /api/auth/google);
 * `referralCode`: the `?ref=` link the visitor came by, for an account this sign-in creates.
 */
export async function signInWithGoogle(idToken: string, referralCode?: string): Promise<PublicUser> {
  return completeSignIn(
    await apiRequest('POST /api/auth/google', { body: { token: idToken, referral_code: referralCode } }),
  );
}

/** Development sign-in by e-mail; only offered when the server says so (runtime config `devLogin`). */
export async function signInDev(
  email: string,
  { name, referralCode }: { name?: string; referralCode?: string } = {},
): Promise<PublicUser> {
  return completeSignIn(await apiRequest('POST /api/auth/dev', { body: { email, name, referral_code: referralCode } }));
}

/** Revokes the session on the server, then forgets the stored login whatever the server said. */
export async function signOut(): Promise<void> {
  try {
    if (sessionStore.getState().token) await apiRequest('POST /api/auth/signout', { identity: 'bearer' });
  } catch {
    // An expired or already revoked session is signed out all the same.
  } finally {
    sessionStore.signOut();
  }
}
