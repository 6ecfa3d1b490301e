import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { blogAdminMessages } from '../blog-admin.messages';
import type { BlogPost } from '@veo3/platform/types/blog-post';
import { ArticleForm } from './article-form';
import { ArticleTable } from './article-table';
import { Notice } from './notice';
import styles from './article-manager.module.css';

type View = { mode: 'list' } | { mode: 'edit'; post: BlogPost | null };

/** Articles arrive with the admin API (GET /api/blog/admin/posts); until then there are none. */
const posts: BlogPost[] = [];

/** The blog manager's screen: the article list, or the editor for one article (SPEC §4 'Blog admin modes'). */
export function ArticleManager() {
  const t = useT(blogAdminMessages);
  const listHeadingId = useId();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [view, setView] = useState<View>({ mode: 'list' });
  // A new key per opening gives the editor a blank (or freshly loaded) form every time.
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const switched = useRef(false);

  useEffect(() => {
    if (switched.current && view.mode === 'list') listHeading.current?.focus();
  }, [view.mode]);

  const openEditor = (post: BlogPost | null) => {
    switched.current = true;
    setNotice(null);
    setFormKey((key) => key + 1);
    setView({ mode: 'edit', post });
  };

  const backToList = () => {
    setNotice(null);
    setView({ mode: 'list' });
  };

  const confirmDelete = () => {
    if (window.confirm(t('confirmDelete'))) setNotice(t('deleteUnavailable'));
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{t('pageTitle')}</h1>
          <p className={styles.intro}>{t('pageIntro')}</p>
        </div>
        <div className={styles.actions}>
          <Link className="pf-button pf-button--secondary pf-button--md" to="/">
            {t('backToHome')}
          </Link>
          <Button onClick={() => openEditor(null)}>
            <span aria-hidden="true">+</span> {t('newArticle')}
          </Button>
        </div>
      </header>

      {view.mode === 'list' ? (
        <section className={styles.listCard} aria-labelledby={listHeadingId}>
          <div className={styles.listHeader}>
            <h2 id={listHeadingId} ref={listHeading} tabIndex={-1} className={styles.listTitle}>
              {t('articleList')}
            </h2>
            <span className={styles.count}>{posts.length}</span>
          </div>
          <Notice message={notice} />
          <ArticleTable posts={posts} labelledBy={listHeadingId} onEdit={openEditor} onDelete={confirmDelete} />
        </section>
      ) : (
        <ArticleForm
          key={formKey}
          post={view.post}
          notice={notice}
          onCancel={backToList}
          onSave={() => setNotice(t('saveUnavailable'))}
        />
      )}
    </div>
  );
}
