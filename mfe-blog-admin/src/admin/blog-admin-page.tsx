import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@veo3/platform/routing/router';
import { ApiError } from '@veo3/platform/api/api-client';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { Spinner } from '@veo3/platform/ui/spinner';
import { probeBlogAdmin } from '../api/blog-admin-api';
import { blogAdminKeys } from '../api/blog-admin-keys';
import { blogAdminMessages } from '../blog-admin.messages';
import { ArticleManager } from './article-manager';
import styles from './article-manager.module.css';

/** SPEC §6 'Blog admin access': signed out goes to /login; then the server is asked whether this user may manage the blog. */
export default function BlogAdminPage() {
  const t = useT(blogAdminMessages);
  usePageMeta(t('pageTitle'), '/blog-admin');
  const { token } = useSession();
  if (!token) return <Navigate to="/login" replace />;
  return <AccessCheck />;
}

/**
 * The permission probe (GET /api/blog/admin/posts?limit=1): a 403 says so in an alert and goes home;
 * any other failure (signed out on the server, no answer) goes to /login.
 */
function AccessCheck() {
  const t = useT(blogAdminMessages);
  const navigate = useNavigate();
  const probe = useQuery({
    queryKey: blogAdminKeys.access(),
    queryFn: ({ signal }) => probeBlogAdmin(signal),
    // Permission can be withdrawn: ask again each time the screen opens.
    staleTime: 0,
    gcTime: 0,
  });
  const handled = useRef(false);

  useEffect(() => {
    if (!probe.isError || handled.current) return;
    handled.current = true;
    if (probe.error instanceof ApiError && probe.error.status === 403) {
      window.alert(t('noPermission'));
      navigate('/', { replace: true });
    } else {
      navigate('/login', { replace: true });
    }
  }, [probe.isError, probe.error, navigate, t]);

  if (probe.isSuccess) return <ArticleManager />;
  return (
    <div className={styles.page}>
      <div className={styles.loading} role="status">
        <Spinner size="md" label="" />
        {t('loading')}
      </div>
    </div>
  );
}
