import { StandaloneRemote } from '@veo3/platform/dev/standalone-remote';
import BlogAdminPage from './admin/blog-admin-page';

StandaloneRemote({
  name: 'mfe-blog-admin',
  routes: [
    { path: '/blog-admin', element: <BlogAdminPage /> },
    { path: '/blog-admin/:id', element: <BlogAdminPage /> },
  ],
});
