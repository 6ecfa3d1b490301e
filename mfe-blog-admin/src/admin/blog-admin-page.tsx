import { Navigate } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { blogAdminMessages } from '../blog-admin.messages';
import { ArticleManager } from './article-manager';
import { NoPermission } from './no-permission';

/** SPEC §6: signed out goes to /login; signed in without blog permission sees why there is nothing here. */
export default function BlogAdminPage() {
  const t = useT(blogAdminMessages);
  usePageMeta(t('pageTitle'), '/blog-admin');
  const { token, user } = useSession();
  if (!token) return <Navigate to="/login" replace />;
  if (!user?.can_manage_blog) return <NoPermission />;
  return <ArticleManager />;
}
