import { Suspense, useId, useState } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { Spinner } from '@veo3/platform/ui/spinner';
import { blogAdminMessages } from '../blog-admin.messages';
import type { ArticleFormProps } from './article-form';
import { ArticleTable } from './article-table';
import { loadArticleForm, preloadEditView } from './lazy-parts';
import { LoadBoundary } from './load-boundary';
import { retryableLazy } from './retryable-lazy';
import { Notice } from './notice';
import { useArticleManager } from './use-article-manager';
import styles from './article-manager.module.css';

const ArticleForm = retryableLazy<ArticleFormProps>(() =>
  loadArticleForm().then((module) => ({ default: module.ArticleForm })),
);

/** The blog manager's screen: the article list, or the editor for one article (SPEC §4 'Blog admin modes'). */
export function ArticleManager() {
  const t = useT(blogAdminMessages);
  const listHeadingId = useId();
  const [formAttempt, setFormAttempt] = useState(0);
  const { view, notice, list, posts, listHeading, openEditor, backToList, save, remove, confirmDelete } =
    useArticleManager();

  const loading = (
    <div className={styles.loading} role="status">
      <Spinner size="md" label="" />
      {t('loading')}
    </div>
  );

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
          {view.mode === 'list' && (
            <Button onClick={() => openEditor(null)} onPointerEnter={preloadEditView} onFocus={preloadEditView}>
              <span aria-hidden="true">+</span> {t('newArticle')}
            </Button>
          )}
        </div>
      </header>

      {view.mode === 'list' ? (
        <section className={styles.listCard} aria-labelledby={listHeadingId} aria-busy={list.isPending || undefined}>
          <div className={styles.listHeader}>
            <h2 id={listHeadingId} ref={listHeading} tabIndex={-1} className={styles.listTitle}>
              {t('articleList')}
            </h2>
            {list.isSuccess && <span className={styles.count}>{posts.length}</span>}
            {list.isFetching && !list.isPending && <Spinner size="sm" label={t('loading')} />}
          </div>
          <Notice message={notice} />
          {list.isPending ? (
            loading
          ) : (
            <ArticleTable
              posts={posts}
              labelledBy={listHeadingId}
              deletingId={remove.isPending ? (remove.variables?.id ?? null) : null}
              onEdit={openEditor}
              onDelete={confirmDelete}
              onIntent={preloadEditView}
            />
          )}
        </section>
      ) : view.mode === 'edit' ? (
        <LoadBoundary
          key={formAttempt}
          fallback={
            <div className={styles.failed} role="alert">
              <p>{t('editorFailed')}</p>
              <Button
                variant="secondary"
                onClick={() => {
                  ArticleForm.retry();
                  setFormAttempt((n) => n + 1);
                }}
              >
                {t('retry')}
              </Button>
            </div>
          }
        >
          <Suspense fallback={loading}>
            {/* Keyed by address: each opening starts from the stored article (or a blank one). */}
            <ArticleForm.Component
              key={view.key}
              post={view.post}
              saving={save.isPending}
              onCancel={() => backToList()}
              onSave={(draft) => save.mutate({ post: view.post, draft })}
            />
          </Suspense>
        </LoadBoundary>
      ) : view.mode === 'missing' ? (
        <Missing />
      ) : (
        loading
      )}
    </div>
  );
}

/** /blog-admin/<id> of an article that is not (or no longer) there. */
function Missing() {
  const t = useT(blogAdminMessages);
  return (
    <div className={styles.failed} role="alert">
      <p>{t('notFound')}</p>
      <Link className="pf-button pf-button--secondary pf-button--md" to="/blog-admin">
        {t('backToList')}
      </Link>
    </div>
  );
}
