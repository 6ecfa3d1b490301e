import { Outlet } from 'react-router-dom';
import { useT } from '@veo3/platform/i18n/i18n';
import { Header } from './header';
import { Footer } from './footer';
import { shellMessages } from '../shell.messages';
import './layout.css';

export function Layout() {
  const t = useT(shellMessages);
  return (
    <div className="shell-app">
      <a className="shell-skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
