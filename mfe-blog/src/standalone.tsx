import { StandaloneRemote } from '@veo3/platform/dev/standalone-remote';
import BlogListPage from './list/blog-list-page';
import BlogPostPage from './post/blog-post-page';

StandaloneRemote({
  name: 'mfe-blog',
  routes: [
    { path: '/blog', element: <BlogListPage /> },
    { path: '/blog/:slug', element: <BlogPostPage /> },
  ],
});
