import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import type { PublicBlogPost as BlogListItem } from '@veo3/contracts/blog';
import { fetchBlogPost, isPostNotFound, type BlogPostPage } from '../api/blog-api';
import { blogKeys } from '../api/blog-keys';
import { blogMessages } from '../blog.messages';
import { PostDetail } from './post-detail';
import { PostSkeleton } from './post-skeleton';
import { PostUnavailable } from './post-unavailable';
import { ReleaseCaption, releaseAttributes } from '../release-caption';
import styles from './blog-post-page.module.css';

/** /blog/:slug: one published article (GET /api/blog/posts/:slug). */
export default function BlogPostPage() {
  const t = useT(blogMessages);
  const { slug = '' } = useParams();
  const queryClient = useQueryClient();
  const post = useQuery<BlogListItem>({
    queryKey: blogKeys.post(slug),
    queryFn: ({ signal }) => fetchBlogPost(slug, signal),
    enabled: slug !== '',
    // Coming from the list, its copy of the post (without content) shows the header at once.
    placeholderData: () => {
      for (const [, page] of queryClient.getQueriesData<BlogPostPage>({ queryKey: blogKeys.lists() })) {
        const listed = page?.posts.find((item) => item.slug === slug);
        if (listed) return { ...listed, content: undefined };
      }
      return undefined;
    },
  });

  const notFound = slug === '' || isPostNotFound(post.error);
  const failed = !notFound && post.isError && !post.isFetching;
  const article = post.data;
  let title = t('listTitle');
  if (article) title = article.meta_title || article.title;
  else if (notFound) title = t('notFound');
  else if (post.isError) title = t('loadFailed');
  usePageMeta(
    title,
    `/blog/${encodeURIComponent(article?.slug ?? slug)}`,
    article ? article.meta_description || article.excerpt || undefined : undefined,
  );

  let body;
  if (notFound) body = <PostUnavailable reason="notFound" />;
  else if (article) body = <PostDetail post={article} />;
  else if (failed) body = <PostUnavailable reason="failed" onRetry={() => void post.refetch()} />;
  else body = <PostSkeleton />;
  return (
    <div className={styles.page} {...releaseAttributes()}>
      <ReleaseCaption />
      {body}
    </div>
  );
}
