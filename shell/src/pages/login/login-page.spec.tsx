import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { resetRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest, testUser } from '@veo3/platform/testing/test-session';
import { pendingReferral, rememberReferral } from '../../referrals/referral-link';
import { LoginPage } from './login-page';

function serveConfig(config: object) {
  document.getElementById('app-config')?.remove();
  const node = document.createElement('script');
  node.id = 'app-config';
  node.type = 'application/json';
  node.textContent = JSON.stringify(config);
  document.body.appendChild(node);
  resetRuntimeConfig();
}

const reply = jsonResponse;

function Generator() {
  const { search } = useLocation();
  return <h1>Generator {search}</h1>;
}

function renderLogin(entry = '/login') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="/text-to-veo3-video" element={<Generator />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function signInByEmail() {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'ann@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  localStorage.clear();
  act(() => void sessionStore.restore());
  delete window.google;
});

describe('LoginPage with development sign-in', () => {
  beforeEach(() => serveConfig({ googleClientId: null, devLogin: true }));

  it('shows Continue with Google (unavailable here) and an e-mail sign-in marked as development', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Veo 3 Studio');
    expect(screen.getByRole('button', { name: /Continue with Google/ })).toBeDisabled();
    expect(screen.getByText('Development sign-in')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(document.title).toBe('Login | Veo 3 Studio');
  });

  it('signs in, stores the login and goes home; "Signing in..." while busy', async () => {
    let answer!: (r: Response) => void;
    globalThis.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderLogin();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: /Signing in/ })).toBeDisabled();
    const [url, init] = (globalThis.fetch as jest.Mock).mock.calls[0];
    expect(url).toBe('/api/auth/dev');
    expect(JSON.parse(init.body)).toEqual({ email: 'ann@example.com' });
    await act(async () => answer(reply({ success: true, token: 'tok', user: testUser })));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('tok');
  });

  it("sends the kept ?ref= link's code with the sign-in, and forgets it once signed in", async () => {
    rememberReferral('?ref=Friend_123');
    globalThis.fetch = jest.fn(async () => reply({ success: true, token: 'tok', user: testUser }));
    renderLogin();
    await signInByEmail();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    const [, init] = (globalThis.fetch as jest.Mock).mock.calls[0];
    expect(JSON.parse(init.body)).toEqual({ email: 'ann@example.com', referral_code: 'Friend_123' });
    expect(pendingReferral()).toBeUndefined();
  });

  it('keeps the code when the sign-in fails', async () => {
    rememberReferral('?ref=Friend_123');
    globalThis.fetch = jest.fn(async () => reply({ success: false, message: 'nope' }, 400));
    renderLogin();
    await signInByEmail();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed, please try again');
    expect(pendingReferral()).toBe('Friend_123');
  });

  it('says "Login failed, please try again" when the server refuses', async () => {
    globalThis.fetch = jest.fn(async () => reply({ success: false, message: 'nope' }, 400));
    renderLogin();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed, please try again');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('returns to the page that asked for sign-in, with its query', async () => {
    globalThis.fetch = jest.fn(async () => reply({ success: true, token: 'tok', user: testUser }));
    renderLogin(`/login?next=${encodeURIComponent('/text-to-veo3-video?type=image')}`);
    await signInByEmail();
    expect(await screen.findByRole('heading', { name: 'Generator ?type=image' })).toBeInTheDocument();
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example'])(
    'goes home rather than to %s (not this site)',
    async (next) => {
      globalThis.fetch = jest.fn(async () => reply({ success: true, token: 'tok', user: testUser }));
      renderLogin(`/login?next=${encodeURIComponent(next)}`);
      await signInByEmail();
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    },
  );

  it('sends a visitor already signed in on to next', () => {
    signInForTest();
    renderLogin('/login?next=%2Ftext-to-veo3-video');
    expect(screen.getByRole('heading', { name: /Generator/ })).toBeInTheDocument();
  });

  it('redirects to / when a stored user and token exist', () => {
    signInForTest();
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});

describe('LoginPage with Google', () => {
  beforeEach(() => serveConfig({ googleClientId: 'client-1.apps.googleusercontent.com', devLogin: false }));

  it("renders Google's button and exchanges its ID token for the site's login", async () => {
    let callback!: (r: { credential?: string }) => void;
    const renderButton = jest.fn();
    window.google = {
      accounts: {
        id: {
          initialize: jest.fn((options) => (callback = options.callback)),
          renderButton,
        },
      },
    };
    globalThis.fetch = jest.fn(async () =>
      reply({ success: true, token: 'g-tok', user: { ...testUser, provider: 'google' } }),
    );
    renderLogin('/login?next=%2Ftext-to-veo3-video%3Ftype%3Dtext');
    await waitFor(() => expect(renderButton).toHaveBeenCalled());
    expect(window.google.accounts!.id!.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'client-1.apps.googleusercontent.com' }),
    );
    expect(screen.queryByText('Development sign-in')).not.toBeInTheDocument();

    await act(async () => callback({ credential: 'google-id-token' }));
    expect(await screen.findByRole('heading', { name: 'Generator ?type=text' })).toBeInTheDocument();
    const [url, init] = (globalThis.fetch as jest.Mock).mock.calls[0];
    expect(url).toBe('/api/auth/google');
    expect(JSON.parse(init.body)).toEqual({ token: 'google-id-token' });
  });

  it('says "Google login failed, please try again" when the server refuses the token', async () => {
    let callback!: (r: { credential?: string }) => void;
    window.google = {
      accounts: { id: { initialize: jest.fn((o) => (callback = o.callback)), renderButton: jest.fn() } },
    };
    globalThis.fetch = jest.fn(async () => reply({ success: false, message: 'bad token' }, 401));
    renderLogin();
    await waitFor(() => expect(window.google!.accounts!.id!.renderButton).toHaveBeenCalled());
    await act(async () => callback({ credential: 'bad' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google login failed, please try again');
  });
});
