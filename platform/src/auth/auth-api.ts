import { apiRequest } from '@veo3/platform/api/api-client';
import { sessionStore } from '@veo3/platform/session/session-store';
import type { PublicUser, SignInReply } from '@veo3/contracts/auth';

async function completeSignIn(reply: SignInReply): Promise<PublicUser> {
  sessionStore.signIn(reply.token, reply.user);
  return reply.user;
}

/** Exchanges a Google ID token for the site's token and user (SPEC §7 POST /api/auth/google). */
export async function signInWithGoogle(idToken: string): Promise<PublicUser> {
  return completeSignIn(await apiRequest('POST /api/auth/google', { body: { token: idToken } }));
}

/** Development sign-in by e-mail; only offered when the server says so (runtime config `devLogin`). */
export async function signInDev(email: string, name?: string): Promise<PublicUser> {
  return completeSignIn(await apiRequest('POST /api/auth/dev', { body: { email, name } }));
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
