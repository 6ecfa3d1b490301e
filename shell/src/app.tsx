import { useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { sessionStore } from '@veo3/platform/session/session-store';
import { useSession } from '@veo3/platform/session/use-session';
import { Spinner } from '@veo3/platform/ui/spinner';
import { useT } from '@veo3/platform/i18n/i18n';
import { Layout } from './layout/layout';
import { RemoteRoute } from './remotes/remote-route';
import { RouteTracker } from './analytics/route-tracker';
import { shellMessages } from './shell.messages';
import { HomePage } from './pages/home/home-page';
import { LoginPage } from './pages/login/login-page';
import { VideoEffectsPage } from './pages/video-effects/video-effects-page';
import { FrenchKissingPage } from './pages/landing/french-kissing-page';
import { AsmrVideoPage } from './pages/landing/asmr-video-page';
import { TermsPage } from './pages/legal/terms-page';
import { PrivacyPage } from './pages/legal/privacy-page';
import { RefundPage } from './pages/legal/refund-page';

/** Which remote serves which route (ARCHITECTURE §1); every other path is the shell's own. */
export const remoteRoutes = [
  { path: '/text-to-veo3-video', remote: 'generator', expose: 'generator-page' },
  { path: '/video-history', remote: 'generator', expose: 'history-page' },
  { path: '/pricing', remote: 'billing', expose: 'pricing-page' },
  { path: '/payment/success', remote: 'billing', expose: 'payment-success-page' },
  { path: '/payment/cancel', remote: 'billing', expose: 'payment-cancel-page' },
  { path: '/blog', remote: 'blog', expose: 'blog-list-page' },
  { path: '/blog/:slug', remote: 'blog', expose: 'blog-post-page' },
  { path: '/blog-admin', remote: 'blogAdmin', expose: 'blog-admin-page' },
] as const;

export function App() {
  const t = useT(shellMessages);
  const { restored } = useSession();

  useEffect(() => {
    sessionStore.restore();
  }, []);

  if (!restored) return <Spinner size="lg" fullScreen label={t('loadingApp')} />;

  return (
    <>
      <RouteTracker />
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/video-effects" element={<VideoEffectsPage />} />
          <Route path="/ai-french-kissing" element={<FrenchKissingPage />} />
          <Route path="/asmr-video" element={<AsmrVideoPage />} />
          <Route path="/terms-of-service" element={<TermsPage />} />
          <Route path="/privacy-policy" element={<PrivacyPage />} />
          <Route path="/refund-policy" element={<RefundPage />} />
          {remoteRoutes.map(({ path, remote, expose }) => (
            <Route key={path} path={path} element={<RemoteRoute key={path} remote={remote} expose={expose} />} />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </>
  );
}
