import { NavLink, Route, Routes } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { adminMessages } from '../admin.messages';
import { ApiUsagePanel } from '../api-usage/api-usage-panel';
import { AuditPanel } from '../audit/audit-panel';
import { EffectEditor } from '../effects/effect-editor';
import { EffectsPanel } from '../effects/effects-panel';
import { GalleryPanel } from '../gallery/gallery-panel';
import { OverviewPanel } from '../overview/overview-panel';
import { PaymentsPanel } from '../payments/payments-panel';
import { PromotionsPanel } from '../promotions/promotions-panel';
import { TasksPanel } from '../tasks/tasks-panel';
import { UserDetail } from '../users/user-detail';
import { UsersPanel } from '../users/users-panel';
import styles from './admin-console.module.css';

const TABS = [
  { to: '/admin', label: 'tabOverview', end: true },
  { to: '/admin/users', label: 'tabUsers', end: false },
  { to: '/admin/payments', label: 'tabPayments', end: false },
  { to: '/admin/tasks', label: 'tabTasks', end: false },
  { to: '/admin/audit', label: 'tabAudit', end: false },
  { to: '/admin/api', label: 'tabApi', end: false },
  { to: '/admin/gallery', label: 'tabGallery', end: false },
  { to: '/admin/promotions', label: 'tabPromotions', end: false },
  { to: '/admin/effects', label: 'tabEffects', end: false },
] as const;

/**
 * The admin console at /admin (the shell mounts it for administrators only; the server checks the
 * role on every call all the same). Each section has its own address below /admin.
 */
export default function AdminPage() {
  const t = useT(adminMessages);
  usePageMeta(t('pageTitle'), '/admin');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('pageTitle')}</h1>
      <p className={styles.intro}>{t('pageIntro')}</p>
      <nav aria-label={t('sections')}>
        <ul className={styles.tabs}>
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) => `${styles.tab}${isActive ? ` ${styles.active}` : ''}`}
              >
                {t(tab.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<OverviewPanel />} />
        <Route path="users" element={<UsersPanel />} />
        <Route path="users/:id" element={<UserDetail />} />
        <Route path="payments" element={<PaymentsPanel />} />
        <Route path="tasks" element={<TasksPanel />} />
        <Route path="audit" element={<AuditPanel />} />
        <Route path="api" element={<ApiUsagePanel />} />
        <Route path="gallery" element={<GalleryPanel />} />
        <Route path="promotions" element={<PromotionsPanel />} />
        <Route path="effects" element={<EffectsPanel />} />
        <Route path="effects/new" element={<EffectEditor />} />
        <Route path="effects/:id" element={<EffectEditor />} />
        <Route path="*" element={<OverviewPanel />} />
      </Routes>
    </div>
  );
}
