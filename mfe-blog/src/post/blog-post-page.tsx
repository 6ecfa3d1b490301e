import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export default function BlogPostPage() {
  usePageMeta('Blog post', '/blog');
  return (
    <section>
      <h1>Blog post</h1>
    </section>
  );
}
