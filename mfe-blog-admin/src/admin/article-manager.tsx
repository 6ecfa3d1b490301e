import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { Spinner } from '@veo3/platform/ui/spinner';
import type { BlogPost } from '@veo3/platform/types/blog-post';
import { deleteArticle, fetchAdminPosts, saveArticle, type ArticleDraft } from '../api/blog-admin-api';
import { blogAdminKeys } from '../api/blog-admin-keys';
import { blogAdminMessages } from '../blog-admin.messages';
import type { ArticleFormProps } from './article-form';
import { ArticleTable } from './article-table';
import { loadArticleForm, preloadEditView } from './lazy-parts';
import { LoadBoundary } from './load-boundary';
import { retryableLazy } from './retryable-lazy';
import { Notice } from './notice';
import { reasonOf } from './reason-of';
import styles from './article-manager.module.css';

const ArticleForm = retryableLazy<ArticleFormProps>(() =>
  loadArticleForm().then((module) => ({ default: module.ArticleForm })),
);

type View = { mode: 'list' } | { mode: 'edit'; post: BlogPost | null };

/** The blog manager's screen: the article list, or the editor for one article (SPEC §4 'Blog admin modes'). */
export function ArticleManager() {
  const t = useT(blogAdminMessages);
  const queryClient = useQueryClient();
  const listHeadingId = useId();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [view, setView] = useState<View>({ mode: 'list' });
  // A new key per opening gives the editor a blank (or freshly loaded) form every time.
  const [formKey, setFormKey] = useState(0);
  const [formAttempt, setFormAttempt] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const switched = useRef(false);

  // SPEC §8: a failure to load the articles is not reported; the list is then empty.
  const list = useQuery({ queryKey: blogAdminKeys.list(), queryFn: ({ signal }) => fetchAdminPosts(signal) });
  const posts = list.data ?? [];

  useEffect(() => {
    if (switched.current && view.mode === 'list') listHeading.current?.focus();
  }, [view.mode]);

  const openEditor = (post: BlogPost | null) => {
    switched.current = true;
    setNotice(null);
    setFormKey((key) => key + 1);
    setView({ mode: 'edit', post });
  };

  const backToList = (message: string | null = null) => {
    setNotice(message);
    setView({ mode: 'list' });
  };

  const save = useMutation({
    mutationFn: ({ post, draft }: { post: BlogPost | null; draft: ArticleDraft }) =>
      saveArticle(post?.id ?? null, draft),
    onSuccess: (reply) => {
      // SPEC §4: after a successful save the form resets and the list reloads.
      void queryClient.invalidateQueries({ queryKey: blogAdminKeys.posts() });
      backToList(reply.message || t('saved'));
    },
    onError: (error) => window.alert(t('saveFailed', { reason: reasonOf(error) || t('unknownError') })),
  });

  const remove = useMutation({
    mutationFn: (post: BlogPost) => deleteArticle(post.id),
    onSuccess: (reply) => {
      setNotice(reply.message || t('deleted'));
      void queryClient.invalidateQueries({ queryKey: blogAdminKeys.posts() });
    },
    onError: (error) => window.alert(t('deleteFailed', { reason: reasonOf(error) || t('unknownError') })),
  });

  const confirmDelete = (post: BlogPost) => {
    if (!window.confirm(t('confirmDelete'))) return;
    setNotice(null);
    remove.mutate(post);
  };

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
          <Button onClick={() => openEditor(null)} onPointerEnter={preloadEditView} onFocus={preloadEditView}>
            <span aria-hidden="true">+</span> {t('newArticle')}
          </Button>
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
      ) : (
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
            <ArticleForm.Component
              key={formKey}
              post={view.post}
              saving={save.isPending}
              onCancel={() => backToList()}
              onSave={(draft) => save.mutate({ post: view.post, draft })}
            />
          </Suspense>
        </LoadBoundary>
      )}
    </div>
  );
}
