import { lazy, useEffect } from 'react';
import { Navigate, Route, Routes } from '@veo3/platform/routing/router';
import { sessionStore } from '@veo3/platform/session/session-store';
import { useSession } from '@veo3/platform/session/use-session';
import { Spinner } from '@veo3/platform/ui/spinner';
import { useT } from '@veo3/platform/i18n/i18n';
import { Layout } from './layout/layout';
import { RemoteRoute } from './remotes/remote-route';
import { RouteTracker } from './analytics/route-tracker';
import { shellMessages } from './shell.messages';
import { HomePage } from './pages/home/home-page';

// The home page ships with the shell; the other shell pages load on first visit.
const LoginPage = lazy(() => import('./pages/login/login-page').then((m) => ({ default: m.LoginPage })));
const VideoEffectsPage = lazy(() =>
  import('./pages/video-effects/video-effects-page').then((m) => ({ default: m.VideoEffectsPage })),
);
const FrenchKissingPage = lazy(() =>
  import('./pages/landing/french-kissing-page').then((m) => ({ default: m.FrenchKissingPage })),
);
const AsmrVideoPage = lazy(() => import('./pages/landing/asmr-video-page').then((m) => ({ default: m.AsmrVideoPage })));
const TermsPage = lazy(() => import('./pages/legal/terms-page').then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import('./pages/legal/privacy-page').then((m) => ({ default: m.PrivacyPage })));
const RefundPage = lazy(() => import('./pages/legal/refund-page').then((m) => ({ default: m.RefundPage })));

/** Which remote serves which route (ARCHITECTURE §1); every other path is the shell's own. */
export const remoteRoutes = [
  { path: '/text-to-veo3-video', remote: 'generator', expose: 'generator-page' },
  { path: '/video-history', remote: 'generator', expose: 'history-page' },
  { path: '/pricing', remote: 'billing', expose: 'pricing-page' },
  { path: '/payment/success', remote: 'billing', expose: 'payment-success-page' },
  { path: '/payment/cancel', remote: 'billing', expose: 'payment-cancel-page' },
  { path: '/payment/checkout', remote: 'billing', expose: 'checkout-page' },
  { path: '/credits', remote: 'billing', expose: 'credits-page' },
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
