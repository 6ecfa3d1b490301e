import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { Pagination } from '@veo3/platform/ui/pagination';
import { blogMessages } from '../blog.messages';
import type { BlogPost } from '@veo3/platform/types/blog-post';
import { PostCard } from './post-card';
import styles from './post-list.module.css';

/** SPEC §9: the blog pager shows a window of 5 pages. */
const PAGE_WINDOW = 5;

export interface PostListProps {
  posts: BlogPost[];
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
}

export function PostList({ posts, page, pages, onPageChange }: PostListProps) {
  const t = useT(blogMessages);
  if (posts.length === 0) {
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
  return (
    <section aria-label={t('articles')}>
      <ul className={styles.grid}>
        {posts.map((post) => (
          <li key={post.id} className={styles.item}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pages={pages} onChange={onPageChange} windowSize={PAGE_WINDOW} />
    </section>
  );
}
