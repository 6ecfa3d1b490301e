import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export default function BlogAdminPage() {
  usePageMeta('Blog Management', '/blog-admin');
  return (
    <section>
      <h1>Blog Management</h1>
    </section>
  );
}
