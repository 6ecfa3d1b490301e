import { useParams } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { blogMessages } from '../blog.messages';
import { PostNotFound } from './post-not-found';
import styles from './blog-post-page.module.css';

export default function BlogPostPage() {
  const t = useT(blogMessages);
  const { slug = '' } = useParams();
  usePageMeta(t('notFound'), `/blog/${encodeURIComponent(slug)}`);
  return (
    <div className={styles.page}>
      {/* The article arrives with the blog API (GET /api/blog/posts/{slug}); until then none exists. */}
      <PostNotFound />
    </div>
  );
}
