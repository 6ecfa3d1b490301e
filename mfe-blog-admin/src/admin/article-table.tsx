import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { blogAdminMessages } from '../blog-admin.messages';
import type { BlogPostWithContent as BlogPost } from '@veo3/contracts/blog';
import { formatDate } from '@veo3/platform/i18n/format-date';
import styles from './article-table.module.css';

export interface ArticleTableProps {
  posts: BlogPost[];
  onEdit: (post: BlogPost) => void;
  onDelete: (post: BlogPost) => void;
  /** id of the heading that names the table */
  labelledBy: string;
  /** The article whose deletion is on its way to the server. */
  deletingId?: BlogPost['id'] | null;
  /** The pointer or focus reached an Edit button: a chance to start loading the editor. */
  onIntent?: () => void;
}

export function ArticleTable({ posts, onEdit, onDelete, labelledBy, deletingId = null, onIntent }: ArticleTableProps) {
  const t = useT(blogAdminMessages);
  const lang = useLanguage();
  const numbers = new Intl.NumberFormat(lang);
  return (
    <table className={styles.table} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">{t('columnTitle')}</th>
          <th scope="col">{t('columnStatus')}</th>
          <th scope="col" className={styles.numeric}>
            {t('columnViews')}
          </th>
          <th scope="col">{t('columnCreated')}</th>
          <th scope="col" className={styles.actionsHeader}>
            {t('columnActions')}
          </th>
        </tr>
      </thead>
      <tbody>
        {posts.length === 0 ? (
          <tr className={styles.emptyRow}>
            <td colSpan={5}>
              <strong className={styles.emptyTitle}>{t('empty')}</strong>
              <span className={styles.emptyHint}>{t('emptyHint')}</span>
            </td>
          </tr>
        ) : (
          posts.map((post) => (
            <tr key={post.id} className={styles.row}>
              <th scope="row" className={styles.titleCell}>
                <span className={styles.title}>{post.title}</span>
                {post.excerpt && <span className={styles.excerpt}>{post.excerpt}</span>}
              </th>
              <td data-label={t('columnStatus')}>
                <span className={`${styles.badge} ${styles[post.status]}`}>{t(`status_${post.status}`)}</span>
              </td>
              <td data-label={t('columnViews')} className={styles.numeric}>
                {numbers.format(post.view_count)}
              </td>
              <td data-label={t('columnCreated')}>
                <time dateTime={post.created_at}>{formatDate(post.created_at, lang, true)}</time>
              </td>
              <td className={styles.actions}>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('editNamed', { title: post.title })}
                  disabled={deletingId === post.id}
                  onPointerEnter={onIntent}
                  onFocus={onIntent}
                  onClick={() => onEdit(post)}
                >
                  {t('edit')}
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={t('deleteNamed', { title: post.title })}
                  busy={deletingId === post.id}
                  onClick={() => onDelete(post)}
                >
                  {t('delete')}
                </Button>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
