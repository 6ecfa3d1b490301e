import { sessionStore, TOKEN_KEY, USER_KEY } from '@veo3/platform/session/session-store';

const user = {
  id: '1',
  email: 'a@b.c',
  name: null,
  picture: null,
  avatar_url: null,
  credits: 3,
  can_manage_blog: false,
  is_admin: false,
  provider: 'dev' as const,
};

describe('sessionStore', () => {
  beforeEach(() => localStorage.clear());

  it('restores a stored login', () => {
    localStorage.setItem(TOKEN_KEY, 't');
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    expect(sessionStore.restore()).toEqual({ user, token: 't', restored: true });
  });

  it.each([
    ['broken JSON', 't', '{not json'],
    ['a user without e-mail', 't', JSON.stringify({ id: '1' })],
    ['a user without token', null, JSON.stringify(user)],
  ])('clears both stored items on %s', (_case, token, rawUser) => {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, rawUser);
    expect(sessionStore.restore()).toEqual({ user: null, token: null, restored: true });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('signs in and out, notifying subscribers', () => {
    sessionStore.restore();
    const listener = jest.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    sessionStore.signIn('t', user);
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(user);
    sessionStore.signOut();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStore.getState().user).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('follows a sign-in and a sign-out made in another tab', () => {
    sessionStore.restore();
    localStorage.setItem(TOKEN_KEY, 'other-tab');
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    expect(sessionStore.getState().token).toBe('other-tab');
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(sessionStore.getState().user).toBeNull();
  });

  it('never clears a login that another tab is still writing', () => {
    sessionStore.restore();
    localStorage.setItem(TOKEN_KEY, 'half-written');
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    expect(sessionStore.getState().user).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('half-written');
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    window.dispatchEvent(new StorageEvent('storage', { key: USER_KEY }));
    expect(sessionStore.getState().token).toBe('half-written');
  });

  it('replaces the stored user only when fetched data differs', () => {
    sessionStore.signIn('t', user);
    const listener = jest.fn();
    sessionStore.subscribe(listener);
    sessionStore.updateUser({ credits: 3 });
    expect(listener).not.toHaveBeenCalled();
    sessionStore.updateUser({ credits: 43 });
    expect(JSON.parse(localStorage.getItem(USER_KEY)!).credits).toBe(43);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
