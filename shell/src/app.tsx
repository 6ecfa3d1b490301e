import { lazy, useEffect } from 'react';
import { Navigate, Route, Routes } from '@veo3/platform/routing/router';
import { sessionStore } from '@veo3/platform/session/session-store';
import { Layout } from './layout/layout';
import { RouteTracker } from './analytics/route-tracker';
import { HomePage } from './pages/home/home-page';
import { ServerPage } from './pages/server/server-page';

// The home page ships with the shell; the other shell pages load on first visit.
const load = {
  login: () => import('./pages/login/login-page').then((m) => ({ default: m.LoginPage })),
  frenchKissing: () => import('./pages/landing/french-kissing-page').then((m) => ({ default: m.FrenchKissingPage })),
  asmr: () => import('./pages/landing/asmr-video-page').then((m) => ({ default: m.AsmrVideoPage })),
  terms: () => import('./pages/legal/terms-page').then((m) => ({ default: m.TermsPage })),
  privacy: () => import('./pages/legal/privacy-page').then((m) => ({ default: m.PrivacyPage })),
  refund: () => import('./pages/legal/refund-page').then((m) => ({ default: m.RefundPage })),
  developers: () => import('./pages/developers/developers-page').then((m) => ({ default: m.DevelopersPage })),
  adminGate: () => import('./pages/admin/admin-gate').then((m) => ({ default: m.AdminGate })),
  blogAdminGate: () => import('./pages/admin/admin-gate').then((m) => ({ default: m.BlogAdminGate })),
};
/** The code of a remote's route (placeholder, loader, fallback panel): not on the shell's own pages. */
export const loadRemoteRoute = () => import('./remotes/remote-route').then((m) => ({ default: m.RemoteRoute }));
const RemoteRoute = lazy(loadRemoteRoute);
const LoginPage = lazy(load.login);
const FrenchKissingPage = lazy(load.frenchKissing);
const AsmrVideoPage = lazy(load.asmr);
const TermsPage = lazy(load.terms);
const PrivacyPage = lazy(load.privacy);
const RefundPage = lazy(load.refund);
const DevelopersPage = lazy(load.developers);
// Not a remote route: only an administrator's visit loads the admin remote (no preload hints for others).
const AdminGate = lazy(load.adminGate);
// Blog management: its remote only for a blog manager; anyone else gets the same 'Not allowed' page.
const BlogAdminGate = lazy(load.blogAdminGate);

/** The shell's own routes (pre-rendered at build time) and the code each needs beyond the shell's first chunk. */
export const shellRoutes: { path: string; load?: () => Promise<unknown> }[] = [
  { path: '/' },
  { path: '/login', load: load.login },
  { path: '/ai-french-kissing', load: load.frenchKissing },
  { path: '/asmr-video', load: load.asmr },
  { path: '/terms-of-service', load: load.terms },
  { path: '/privacy-policy', load: load.privacy },
  { path: '/refund-policy', load: load.refund },
  { path: '/developers', load: load.developers },
];

/** Which remote serves which route (ARCHITECTURE §1); every other path is the shell's own. */
export const remoteRoutes = [
  { path: '/text-to-veo3-video', remote: 'generator', expose: 'generator-page' },
  { path: '/video-history', remote: 'generator', expose: 'history-page' },
  { path: '/video-effects', remote: 'generator', expose: 'effects-page' },
  { path: '/effects/:slug', remote: 'generator', expose: 'effect-page' },
  { path: '/pricing', remote: 'billing', expose: 'pricing-page' },
  { path: '/payment/success', remote: 'billing', expose: 'payment-success-page' },
  { path: '/payment/cancel', remote: 'billing', expose: 'payment-cancel-page' },
  { path: '/payment/checkout', remote: 'billing', expose: 'checkout-page' },
  { path: '/credits', remote: 'billing', expose: 'credits-page' },
  { path: '/account', remote: 'billing', expose: 'account-page' },
  { path: '/account/receipts/:paymentId', remote: 'billing', expose: 'receipt-page' },
  { path: '/blog', remote: 'blog', expose: 'blog-list-page' },
  { path: '/blog/:slug', remote: 'blog', expose: 'blog-post-page' },
  { path: '/blog-admin', remote: 'blogAdmin', expose: 'blog-admin-page' },
  { path: '/blog-admin/:id', remote: 'blogAdmin', expose: 'blog-admin-page' },
] as const;

/**
 * Pages the service tier makes whole (services/src/sharing: a shared video's page, and the gallery's
 * report page of it): pre-rendered as the layout around a slot the server fills, like a remote's route.
 */
export const serverRoutes = [{ path: '/v/:id' }, { path: '/v/:id/report' }, { path: '/explore' }] as const;

/**
 * The whole site. It renders at once, signed out until the stored login is read: the server
 * pre-renders it that way, and bootstrap reads the stored login before the first client render
 * (synchronous, so the old full-screen 'loading app' spinner would only ever flash for a frame).
 */
export function App() {
  useEffect(() => {
    sessionStore.restore();
  }, []);

  return (
    <>
      <RouteTracker />
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/ai-french-kissing" element={<FrenchKissingPage />} />
          <Route path="/asmr-video" element={<AsmrVideoPage />} />
          <Route path="/terms-of-service" element={<TermsPage />} />
          <Route path="/privacy-policy" element={<PrivacyPage />} />
          <Route path="/refund-policy" element={<RefundPage />} />
          <Route path="/developers" element={<DevelopersPage />} />
          <Route path="/admin/*" element={<AdminGate />} />
          {remoteRoutes.map(({ path, remote, expose }) => (
            <Route
              key={path}
              path={path}
              element={
                remote === 'blogAdmin' ? (
                  <BlogAdminGate key={path} />
                ) : (
                  <RemoteRoute key={path} remote={remote} expose={expose} />
                )
              }
            />
          ))}
          {serverRoutes.map(({ path }) => (
            <Route key={path} path={path} element={<ServerPage key={path} />} />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </>
  );
}
