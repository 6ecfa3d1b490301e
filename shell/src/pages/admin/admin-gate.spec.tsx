import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import { visibleNavItems } from '../../layout/nav-items';
import { AdminGate, BlogAdminGate } from './admin-gate';

const remoteRoute = jest.fn((props: { remote: string; expose: string }) => (
  <p>{`remote ${props.remote}/${props.expose}`}</p>
));
jest.mock('../../remotes/remote-route', () => ({
  RemoteRoute: (props: { remote: string; expose: string }) => remoteRoute(props),
}));

function LoginProbe() {
  const { pathname, search } = useLocation();
  return (
    <>
      <p>Login screen</p>
      <p data-testid="location">{pathname + search}</p>
    </>
  );
}

function renderGate(path = '/admin') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<AdminGate />} />
        <Route path="/blog-admin/*" element={<BlogAdminGate />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  remoteRoute.mockClear();
  act(() => sessionStore.restore());
});

describe('AdminGate (/admin)', () => {
  it('mounts the admin remote for an administrator, below /admin too', () => {
    signInForTest({ is_admin: true });
    renderGate('/admin/users/u-2');
    expect(screen.getByText('remote admin/admin-page')).toBeTruthy();
  });

  it('shows anyone else the shell’s own not-allowed page and never asks for the remote', () => {
    signInForTest({ is_admin: false, can_manage_blog: true });
    renderGate();
    expect(screen.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(remoteRoute).not.toHaveBeenCalled();
    expect(document.title).toBe('Not allowed | Veo 3 Studio');
  });

  it('follows the user as the server sends it again (the header re-reads it with the balance on every load)', () => {
    signInForTest({ is_admin: false });
    renderGate();
    expect(screen.getByText(/reload this page/)).toBeTruthy();
    act(() => sessionStore.updateUser({ is_admin: true }));
    expect(screen.getByText('remote admin/admin-page')).toBeTruthy();
    act(() => sessionStore.updateUser({ is_admin: false }));
    expect(screen.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
  });

  it('sends a signed-out visitor to the login page, which comes back here', () => {
    renderGate('/admin/users');
    expect(screen.getByText('Login screen')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login?next=%2Fadmin%2Fusers');
    expect(remoteRoute).not.toHaveBeenCalled();
  });

  it('puts Admin in the navigation for administrators only', () => {
    const labels = (user: Parameters<typeof visibleNavItems>[0]) => visibleNavItems(user).map((i) => i.label);
    const user = signInForTest({ is_admin: false });
    expect(labels(user)).not.toContain('navAdmin');
    expect(labels({ ...user, is_admin: true })).toContain('navAdmin');
    expect(labels(null)).not.toContain('navAdmin');
  });
});

describe('BlogAdminGate (/blog-admin)', () => {
  it('mounts blog management for a blog manager', () => {
    signInForTest({ can_manage_blog: true });
    renderGate('/blog-admin');
    expect(screen.getByText('remote blogAdmin/blog-admin-page')).toBeTruthy();
  });

  it('shows anyone else the same not-allowed page as /admin, and never asks for the remote', () => {
    signInForTest({ can_manage_blog: false, is_admin: true });
    renderGate('/blog-admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
    expect(screen.getByText(/does not have the blog manager role/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(remoteRoute).not.toHaveBeenCalled();
  });

  it('in Chinese too', () => {
    signInForTest({ can_manage_blog: false });
    act(() => setLanguage('zh-CN'));
    renderGate('/blog-admin');
    expect(screen.getByRole('heading', { level: 1, name: '无权访问' })).toBeTruthy();
  });
});
