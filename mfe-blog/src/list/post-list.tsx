import type { Ref } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { Pagination } from '@veo3/platform/ui/pagination';
import { blogMessages } from '../blog.messages';
import type { PublicBlogPost as BlogListItem } from '@veo3/contracts/blog';
import { PostCard } from './post-card';
import styles from './post-list.module.css';

/** SPEC §9: the blog pager shows a window of 5 pages. */
export const PAGE_WINDOW = 5;

export interface PostListProps {
  posts: BlogListItem[];
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** True while the next page loads and the current one stays on screen. */
  busy?: boolean;
  /** The list section, focused after a page change so keyboard and screen-reader users start at the top. */
  listRef?: Ref<HTMLElement>;
}

export function PostList({ posts, page, pages, onPageChange, busy = false, listRef }: PostListProps) {
  const t = useT(blogMessages);
  if (posts.length === 0) return <EmptyBlog />;
  return (
    <section ref={listRef} className={styles.list} aria-label={t('articles')} aria-busy={busy} tabIndex={-1}>
      <ul className={`${styles.grid}${busy ? ` ${styles.busy}` : ''}`}>
        {posts.map((post) => (
          <li key={post.id} className={styles.item}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <p className="pf-visually-hidden" aria-live="polite">
          {t('pageStatus', { page, pages })}
        </p>
      )}
      <div className={styles.pager}>
        <Pagination page={page} pages={pages} onChange={onPageChange} windowSize={PAGE_WINDOW} />
      </div>
    </section>
  );
}

/** SPEC §2: an empty blog says 'No articles yet' (also shown, silently, when the list fails to load). */
export function EmptyBlog() {
  const t = useT(blogMessages);
  return (
    <section className={styles.empty}>
      <svg className={styles.emptyIcon} viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 3h9l5 5v13H6z" />
        <path d="M15 3v5h5M9 13h7M9 17h5" />
      </svg>
      <h2 className={styles.emptyTitle}>{t('empty')}</h2>
      <p className={styles.emptyHint}>{t('emptyHint')}</p>
      <Link className="pf-button pf-button--primary pf-button--md" to="/text-to-veo3-video?type=text">
        {t('emptyCta')}
      </Link>
    </section>
  );
}
