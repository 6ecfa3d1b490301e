import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { getRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { Button } from '@veo3/platform/ui/button';
import type { BlogPost, BlogPostStatus } from '@veo3/platform/types/blog-post';
// The server's limits (its 400 replies name them), from its own file: the form keeps to them as you type.
import { BLOG_POST_LIMITS as LIMITS } from '../../../services/src/blog/blog-post-limits';
import { draftSlug } from '../../../services/src/blog/draft-slug';
import { uploadFeaturedImage, type ArticleDraft } from '../api/blog-admin-api';
import { blogAdminMessages } from '../blog-admin.messages';
import { ContentField } from './content-field';
import { FeaturedImageField } from './featured-image-field';
import { hasContent } from './has-content';
import { reasonOf } from './reason-of';
import styles from './article-form.module.css';

export type { ArticleDraft };

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
  /** A save is on its way to the server. */
  saving: boolean;
  onCancel: () => void;
  onSave: (draft: ArticleDraft) => void;
}

/** The edit view (SPEC §2 'Blog admin screen'): 'New Article' or 'Edit Article'. */
export function ArticleForm({ post, saving, onCancel, onSave }: ArticleFormProps) {
  const t = useT(blogAdminMessages);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = {
    title: useId(),
    titleCount: useId(),
    url: useId(),
    excerpt: useId(),
    excerptCount: useId(),
    metaTitle: useId(),
    metaTitleCount: useId(),
    status: useId(),
    metaDescription: useId(),
    metaDescriptionCount: useId(),
  };
  const [draft, setDraft] = useState(() => draftOf(post));
  const [uploadingImage, setUploadingImage] = useState(false);
  const set = <K extends keyof ArticleDraft>(key: K, value: ArticleDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  // The editor opens on a user's request: move focus to it so keyboard and screen-reader users land there.
  useEffect(() => heading.current?.focus(), []);

  const canSave = draft.title.trim() !== '' && hasContent(draft.content) && !uploadingImage;
  // A stored article keeps its address (a published one never changes it); a new one shows the slug its title gives.
  const slug = post ? post.slug : draftSlug(draft.title);
  const previewUrl = `${getRuntimeConfig().siteUrl.replace(/\/+$/, '')}/blog/${slug}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave && !saving) onSave(draft);
  };

  const uploadImage = async (file: File): Promise<boolean> => {
    setUploadingImage(true);
    try {
      set('featured_image', await uploadFeaturedImage(file));
      return true;
    } catch (error) {
      window.alert(t('imageUploadFailed', { reason: reasonOf(error) || t('unknownError') }));
      return false;
    } finally {
      setUploadingImage(false);
    }
  };

  const required = (
    <>
      <span className={styles.star} aria-hidden="true">
        *
      </span>
      <span className="pf-visually-hidden">{t('required')}</span>
    </>
  );

  const counter = (id: string, value: string, max: number) => (
    <span id={id} className={value.length >= max * 0.9 ? `${styles.counter} ${styles.counterNear}` : styles.counter}>
      <span aria-hidden="true">{t('charCount', { count: value.length, max })}</span>
      <span className="pf-visually-hidden">{t('charCountLabel', { count: value.length, max })}</span>
    </span>
  );

  const labelRow = (forId: string, label: ReactNode, count: ReactNode) => (
    <div className={styles.labelRow}>
      <label className={styles.label} htmlFor={forId}>
        {label}
      </label>
      {count}
    </div>
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
            {labelRow(
              ids.title,
              <>
                {t('fieldTitle')} {required}
              </>,
              counter(ids.titleCount, draft.title, LIMITS.title),
            )}
            <input
              id={ids.title}
              className={`${styles.input} ${styles.titleInput}`}
              value={draft.title}
              placeholder={t('titlePlaceholder')}
              required
              maxLength={LIMITS.title}
              aria-describedby={`${ids.url} ${ids.titleCount}`}
              onChange={(event) => set('title', event.target.value)}
            />
            <p id={ids.url} className={styles.urlPreview}>
              <span className={styles.urlLabel}>{t('urlPreview')}</span>
              <span className={styles.url} data-testid="url-preview">
                {previewUrl}
              </span>
            </p>
          </div>

          <div className={styles.field}>
            {labelRow(ids.excerpt, t('fieldExcerpt'), counter(ids.excerptCount, draft.excerpt, LIMITS.excerpt))}
            <textarea
              id={ids.excerpt}
              className={styles.input}
              rows={3}
              value={draft.excerpt}
              placeholder={t('excerptPlaceholder')}
              maxLength={LIMITS.excerpt}
              aria-describedby={ids.excerptCount}
              onChange={(event) => set('excerpt', event.target.value)}
            />
          </div>

          <FeaturedImageField
            currentUrl={draft.featured_image}
            uploading={uploadingImage}
            onFile={uploadImage}
            onRemove={() => set('featured_image', null)}
          />

          <ContentField initialData={draft.content} onChange={(html) => set('content', html)} required={required} />
        </div>

        <fieldset className={styles.side}>
          <legend className={styles.sideHeading}>{t('publishing')}</legend>
          <div className={styles.field}>
            {labelRow(
              ids.metaTitle,
              t('fieldMetaTitle'),
              counter(ids.metaTitleCount, draft.meta_title, LIMITS.meta_title),
            )}
            <input
              id={ids.metaTitle}
              className={styles.input}
              value={draft.meta_title}
              placeholder={t('metaTitlePlaceholder')}
              maxLength={LIMITS.meta_title}
              aria-describedby={ids.metaTitleCount}
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
            {labelRow(
              ids.metaDescription,
              t('fieldMetaDescription'),
              counter(ids.metaDescriptionCount, draft.meta_description, LIMITS.meta_description),
            )}
            <textarea
              id={ids.metaDescription}
              className={styles.input}
              rows={4}
              value={draft.meta_description}
              placeholder={t('metaDescriptionPlaceholder')}
              maxLength={LIMITS.meta_description}
              aria-describedby={ids.metaDescriptionCount}
              onChange={(event) => set('meta_description', event.target.value)}
            />
          </div>
        </fieldset>

        <footer className={styles.footer}>
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={onCancel}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!canSave} busy={saving}>
              {t('save')}
            </Button>
          </div>
        </footer>
      </form>
    </section>
  );
}
