import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { getRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { Button } from '@veo3/platform/ui/button';
import { blogAdminMessages } from '../blog-admin.messages';
import type { BlogPost, BlogPostStatus } from '@veo3/platform/types/blog-post';
import { draftSlug } from '../../../services/src/blog/draft-slug';
import { FeaturedImageField } from './featured-image-field';
import { Notice } from './notice';
import styles from './article-form.module.css';

/** What Save sends (SPEC §7 'POST /api/blog/admin/posts'). */
export interface ArticleDraft {
  title: string;
  content: string;
  excerpt: string;
  featured_image: string | null;
  status: BlogPostStatus;
  meta_title: string;
  meta_description: string;
  /** Sent on save although no input edits them (SPEC §3). */
  tags: string[];
}

const STATUSES: BlogPostStatus[] = ['draft', 'published', 'archived'];

function draftOf(post: BlogPost | null): ArticleDraft {
  return {
    title: post?.title ?? '',
    content: post?.content ?? '',
    excerpt: post?.excerpt ?? '',
    featured_image: post?.featured_image ?? null,
    status: post?.status ?? 'draft',
    meta_title: post?.meta_title ?? '',
    meta_description: post?.meta_description ?? '',
    tags: post?.tags ?? [],
  };
}

export interface ArticleFormProps {
  /** The article being edited, or null for a new one. */
  post: BlogPost | null;
  onCancel: () => void;
  onSave: (draft: ArticleDraft) => void;
  /** The outcome of the last save, announced beside the buttons. */
  notice: string | null;
}

export function ArticleForm({ post, onCancel, onSave, notice }: ArticleFormProps) {
  const t = useT(blogAdminMessages);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = {
    title: useId(),
    url: useId(),
    excerpt: useId(),
    content: useId(),
    contentHint: useId(),
    metaTitle: useId(),
    status: useId(),
    metaDescription: useId(),
  };
  const [draft, setDraft] = useState(() => draftOf(post));
  const set = <K extends keyof ArticleDraft>(key: K, value: ArticleDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  // The editor opens on a user's request: move focus to it so keyboard and screen-reader users land there.
  useEffect(() => heading.current?.focus(), []);

  const canSave = draft.title.trim() !== '' && draft.content.trim() !== '';
  const previewUrl = `${getRuntimeConfig().siteUrl.replace(/\/+$/, '')}/blog/${draftSlug(draft.title)}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) onSave(draft);
  };

  const required = (
    <>
      <span className={styles.star} aria-hidden="true">
        *
      </span>
      <span className="pf-visually-hidden">{t('required')}</span>
    </>
  );

  return (
    <section className={styles.editor} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.heading}>
          {t(post ? 'editArticle' : 'newArticle')}
        </h2>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          <span aria-hidden="true">←</span> {t('backToList')}
        </Button>
      </header>
      <p className={styles.requiredNote}>{t('requiredNote')}</p>

      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.main}>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.title}>
              {t('fieldTitle')} {required}
            </label>
            <input
              id={ids.title}
              className={`${styles.input} ${styles.titleInput}`}
              value={draft.title}
              placeholder={t('titlePlaceholder')}
              required
              aria-describedby={ids.url}
              onChange={(event) => set('title', event.target.value)}
            />
            <p id={ids.url} className={styles.urlPreview}>
              <span className={styles.urlLabel}>{t('urlPreview')}</span>
              <span className={styles.url}>{previewUrl}</span>
            </p>
          </div>

          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.excerpt}>
              {t('fieldExcerpt')}
            </label>
            <textarea
              id={ids.excerpt}
              className={styles.input}
              rows={3}
              value={draft.excerpt}
              placeholder={t('excerptPlaceholder')}
              onChange={(event) => set('excerpt', event.target.value)}
            />
          </div>

          {/* The upload (POST /api/blog/admin/upload) arrives with the admin API; until then nothing uploads. */}
          <FeaturedImageField currentUrl={draft.featured_image} uploading={false} />

          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.content}>
              {t('fieldContent')} {required}
            </label>
            <textarea
              id={ids.content}
              className={`${styles.input} ${styles.content}`}
              rows={16}
              value={draft.content}
              required
              aria-describedby={ids.contentHint}
              onChange={(event) => set('content', event.target.value)}
            />
            <p id={ids.contentHint} className={styles.hint}>
              {t('contentHint')}
            </p>
          </div>
        </div>

        <fieldset className={styles.side}>
          <legend className={styles.sideHeading}>{t('publishing')}</legend>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.metaTitle}>
              {t('fieldMetaTitle')}
            </label>
            <input
              id={ids.metaTitle}
              className={styles.input}
              value={draft.meta_title}
              placeholder={t('metaTitlePlaceholder')}
              onChange={(event) => set('meta_title', event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.status}>
              {t('fieldStatus')}
            </label>
            <select
              id={ids.status}
              className={styles.input}
              value={draft.status}
              onChange={(event) => set('status', event.target.value as BlogPostStatus)}
            >
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status_${status}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.metaDescription}>
              {t('fieldMetaDescription')}
            </label>
            <textarea
              id={ids.metaDescription}
              className={styles.input}
              rows={4}
              value={draft.meta_description}
              placeholder={t('metaDescriptionPlaceholder')}
              onChange={(event) => set('meta_description', event.target.value)}
            />
          </div>
        </fieldset>

        <footer className={styles.footer}>
          <Notice message={notice} />
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={onCancel}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!canSave}>
              {t('save')}
            </Button>
          </div>
        </footer>
      </form>
    </section>
  );
}
