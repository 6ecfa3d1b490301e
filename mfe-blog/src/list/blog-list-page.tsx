import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { fetchBlogPosts } from '../api/blog-api';
import { blogKeys } from '../api/blog-keys';
import { blogMessages } from '../blog.messages';
import { EmptyBlog, PostList } from './post-list';
import { PostListSkeleton } from './post-list-skeleton';
import { ReleaseCaption, releaseAttributes } from '../release-caption';
import styles from './blog-list-page.module.css';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** /blog: published posts, 12 a page, with the page in `?page=` so it can be linked and Back works. */
export default function BlogListPage() {
  const t = useT(blogMessages);
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  usePageMeta(
    page > 1 ? t('listTitlePaged', { page }) : t('listTitle'),
    page > 1 ? `/blog?page=${page}` : '/blog',
    t('listIntro'),
  );
  const listRef = useRef<HTMLElement>(null);
  const list = useQuery({
    queryKey: blogKeys.list(page),
    queryFn: ({ signal }) => fetchBlogPosts(page, signal),
    // The current page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });

  // A page past the end (an old link, or posts were unpublished) goes to the last page instead.
  const lastPage = list.data && !list.isPlaceholderData ? list.data.pagination.pages : 0;
  const pastTheEnd = lastPage >= 1 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setParams(lastPage > 1 ? { page: String(lastPage) } : {}, { replace: true });
  }, [pastTheEnd, lastPage, setParams]);

  const changePage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    // Keyboard and screen-reader users continue at the top of the new page, not at the pager.
    listRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  };

  let body;
  if (list.isError && !list.isFetching) {
    // SPEC §2/§8: a list load failure is silent; readers see the quiet empty state.
    body = <EmptyBlog />;
  } else if (!list.data || pastTheEnd) {
    body = <PostListSkeleton />;
  } else {
    const { posts, pagination } = list.data;
    body = (
      <PostList
        posts={posts}
        page={list.isPlaceholderData ? page : pagination.page}
        pages={pagination.pages}
        onPageChange={changePage}
        busy={list.isPlaceholderData}
        listRef={listRef}
      />
    );
  }

  return (
    <div className={styles.page} {...releaseAttributes()}>
      <ReleaseCaption />
      <header className={styles.hero}>
        <p className={styles.eyebrow}>{t('listEyebrow')}</p>
        <h1 className={styles.title}>{t('listTitle')}</h1>
        <p className={styles.intro}>{t('listIntro')}</p>
      </header>
      {body}
    </div>
  );
}
