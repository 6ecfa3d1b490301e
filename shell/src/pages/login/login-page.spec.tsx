import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { sessionStore } from '@veo3/platform/session/session-store';
import { LoginPage, type LoginPageProps } from './login-page';

const storedUser = {
  id: '1',
  email: 'a@b.c',
  name: null,
  picture: null,
  avatar_url: null,
  credits: 0,
  can_manage_blog: false,
  provider: 'dev',
};

function renderLogin(props: LoginPageProps = {}) {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="/login" element={<LoginPage {...props} />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.restore();
});

describe('LoginPage', () => {
  it('offers a single "Continue with Google" button', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Veo 3 Studio');
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(document.title).toBe('Login | Veo 3 Studio');
  });

  it('redirects to / when a stored user and token exist', () => {
    localStorage.setItem('authToken', 'token-1');
    localStorage.setItem('user', JSON.stringify(storedUser));
    sessionStore.restore();

    renderLogin();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('explains that sign-in is not connected yet when no handler is plugged in', () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(screen.getByRole('status')).toHaveTextContent('Google sign-in is being connected');
  });

  it('shows "Signing in..." while the sign-in runs and an error if it fails', async () => {
    let fail!: (error: Error) => void;
    const onGoogleSignIn = jest.fn(
      () =>
        new Promise<void>((_resolve, reject) => {
          fail = reject;
        }),
    );
    renderLogin({ onGoogleSignIn });

    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    const busyButton = screen.getByRole('button', { name: 'Signing in...' });
    expect(busyButton).toBeDisabled();
    expect(onGoogleSignIn).toHaveBeenCalledTimes(1);

    await act(async () => fail(new Error('popup closed')));
    expect(screen.getByRole('alert')).toHaveTextContent('Google login failed, please try again');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it('leaves the page once the sign-in stores a session', async () => {
    const onGoogleSignIn = jest.fn(async () => {
      sessionStore.signIn('token-2', { ...storedUser, provider: 'google' });
    });
    renderLogin({ onGoogleSignIn });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    });
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});
