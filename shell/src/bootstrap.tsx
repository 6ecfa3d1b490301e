import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@veo3/platform/routing/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { getQueryClient } from '@veo3/platform/query/query-client';
import {
  detectLanguage,
  getLanguage,
  initLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  setLanguage,
  storedLanguage,
} from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { taskEvents } from '@veo3/platform/events/task-events';
import { App, loadRemoteRoute, shellRoutes } from './app';
import { rememberReferral } from './referrals/referral-link';
import { setRemotePlaceholder } from './remotes/remote-placeholder';
import '@veo3/platform/styles/tokens.css';
import '@veo3/platform/ui/ui.css';
import './styles/global.css';

// One stream of task and balance events per tab, open while signed in (it follows the session).
taskEvents.start();
// Any page's `?ref=` link is kept for the sign-in that may follow.
rememberReferral(location.search);

const rootElement = document.getElementById('root')!;
// The server marks the pages it pre-rendered (the shell's routes, and header/footer/placeholder of a remote's).
const prerendered = rootElement.hasAttribute('data-prerendered');

/**
 * After hydration: the language this visitor prefers here when the server could not know it (a
 * choice stored before the cookie existed, or a blog page, which is served in English to every
 * reader from one cache); an explicit `?lang=` address stays in its language.
 */
function followPreferredLanguage(): void {
  const stored = storedLanguage();
  if (stored && !document.cookie.split('; ').some((c) => c === `${LANGUAGE_COOKIE}=${stored}`)) setLanguage(stored);
  if (new URLSearchParams(location.search).has('lang')) return;
  const preferred = detectLanguage();
  if (preferred !== getLanguage()) setLanguage(preferred, { remember: stored !== null });
}

function Root() {
  useEffect(() => {
    if (prerendered) followPreferredLanguage();
  }, []);
  return (
    <QueryClientProvider client={getQueryClient()}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

if (prerendered) {
  // The first render must be the server's: its language, signed out (useSession's server
  // snapshot), and the remote's placeholder holding exactly the server's HTML.
  const lang = document.documentElement.lang;
  initLanguage(isLanguage(lang) ? lang : 'en');
  const placeholder = rootElement.querySelector('[data-remote-placeholder]');
  setRemotePlaceholder(placeholder?.querySelector('.shell-remote-placeholder__content')?.innerHTML);
  const path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : '/';
  // The route's page code first, so hydration does not pause at its Suspense boundary.
  const load = placeholder ? loadRemoteRoute : shellRoutes.find((route) => route.path === path)?.load;
  const ready = load ? load().catch(() => undefined) : Promise.resolve();
  void ready.then(() => hydrateRoot(rootElement, <Root />));
} else {
  sessionStore.restore();
  document.documentElement.lang = getLanguage();
  createRoot(rootElement).render(<Root />);
}
