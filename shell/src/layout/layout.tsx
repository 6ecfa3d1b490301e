import { Suspense } from 'react';
import { Outlet } from '@veo3/platform/routing/router';
import { Spinner } from '@veo3/platform/ui/spinner';
import { useT } from '@veo3/platform/i18n/i18n';
import { Header } from './header';
import { RemoteProgress } from '../remotes/remote-progress';
import { Footer } from './footer';
import { ConsentBanner } from '../consent/consent-banner';
import { shellMessages } from '../shell.messages';
import './layout.css';

export function Layout() {
  const t = useT(shellMessages);
  return (
    <div className="shell-app">
      <a className="shell-skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <ConsentBanner />
      <RemoteProgress />
      <Header />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Suspense
          fallback={
            <div className="shell-remote-loading">
              <Spinner size="lg" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
