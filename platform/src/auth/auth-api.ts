import { apiRequest } from '@veo3/platform/api/api-client';
import { sessionStore } from '@veo3/platform/session/session-store';
import type { User } from '@veo3/platform/types/user';

interface SignInReply {
  success: true;
  token: string;
  user: User;
}

async function completeSignIn(reply: SignInReply): Promise<User> {
  sessionStore.signIn(reply.token, reply.user);
  return reply.user;
}

/** Exchanges a Google ID token for the site's token and user (SPEC §7 POST /api/auth/google). */
export async function signInWithGoogle(idToken: string): Promise<User> {
  return completeSignIn(
    await apiRequest<SignInReply>('/api/auth/google', { method: 'POST', body: { token: idToken } }),
  );
}

/** Development sign-in by e-mail; only offered when the server says so (runtime config `devLogin`). */
export async function signInDev(email: string, name?: string): Promise<User> {
  return completeSignIn(await apiRequest<SignInReply>('/api/auth/dev', { method: 'POST', body: { email, name } }));
}

/** Revokes the session on the server, then forgets the stored login whatever the server said. */
export async function signOut(): Promise<void> {
  try {
    if (sessionStore.getState().token) await apiRequest('/api/auth/signout', { method: 'POST', identity: 'bearer' });
  } catch {
    // An expired or already revoked session is signed out all the same.
  } finally {
    sessionStore.signOut();
  }
}
