// Test helpers shared by every frontend's specs (never bundled: rspack shares only non-test modules).
import { act } from '@testing-library/react';
import { sessionStore } from '@veo3/platform/session/session-store';
import type { PublicUser as User } from '@veo3/contracts/auth';

export const testUser: User = {
  id: '1',
  email: 'a@b.c',
  name: 'Ann',
  picture: null,
  avatar_url: null,
  credits: 0,
  can_manage_blog: false,
  is_admin: false,
  provider: 'dev',
};

/** Stores a login as the site does after sign-in and lets subscribed components update. */
export function signInForTest(overrides: Partial<User> = {}): User {
  const user = { ...testUser, ...overrides };
  act(() => sessionStore.signIn('test-token', user));
  return user;
}

/** What the API client reads of a fetch Response (jsdom has no Response class). */
export function jsonResponse(body: unknown, status = 200): Response {
  return { ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(body) } as Response;
}
