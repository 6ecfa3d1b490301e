import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export default function BlogListPage() {
  usePageMeta('Blog', '/blog');
  return (
    <section>
      <h1>Blog</h1>
    </section>
  );
}
