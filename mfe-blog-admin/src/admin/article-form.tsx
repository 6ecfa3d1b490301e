import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { getRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { Button } from '@veo3/platform/ui/button';
import type { BlogPostWithContent as BlogPost } from '@veo3/contracts/blog';
// The server's limits (its 400 replies name them), from its own file: the form keeps to them as you type.
import { BLOG_POST_LIMITS as LIMITS } from '@veo3/contracts/blog-post-limits';
import { draftSlug } from '@veo3/contracts/draft-slug';
import type { ArticleDraft } from '../api/blog-admin-api';
import { blogAdminMessages } from '../blog-admin.messages';
import { RequiredMark } from './article-field-parts';
import { CountedInput, CountedTextarea, TitleField } from './article-form-fields';
import { ArticleStatusField } from './article-status-field';
import { ContentField } from './content-field';
import { DiscardChangesDialog } from './discard-changes-dialog';
import { FeaturedImageField } from './featured-image-field';
import { useArticleForm } from './use-article-form';
import { useLeaveGuard } from './use-leave-guard';
import styles from './article-form.module.css';

export type { ArticleDraft };

export interface ArticleFormProps {
  /** The article being edited, or null for a new one. */
  post: BlogPost | null;
  /** A save is on its way to the server. */
  saving: boolean;
  /** Cancel or Back to List, once unsaved changes (if any) may be discarded. */
  onCancel: () => void;
  onSave: (draft: ArticleDraft) => void;
}

/** The edit view (SPEC §2 'Blog admin screen'): 'New Article' or 'Edit Article'. */
export function ArticleForm({ post, saving, onCancel, onSave }: ArticleFormProps) {
  const t = useT(blogAdminMessages);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { draft, set, canSave, dirty, uploadingImage, uploadImage } = useArticleForm(post);
  // A save on its way is not a change to lose: its success leaves the editor.
  const guard = useLeaveGuard(dirty && !saving);
  const cancel = () => guard.requestLeave(onCancel);

  // The editor opens on a user's request: move focus to it so keyboard and screen-reader users land there.
  useEffect(() => heading.current?.focus(), []);

  // A stored article keeps its address (a published one never changes it); a new one shows the slug its title gives.
  const slug = post ? post.slug : draftSlug(draft.title);
  const previewUrl = `${getRuntimeConfig().siteUrl.replace(/\/+$/, '')}/blog/${slug}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave && !saving) onSave(draft);
  };

  return (
    <section className={styles.editor} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.heading}>
          {t(post ? 'editArticle' : 'newArticle')}
        </h2>
        <Button variant="ghost" size="sm" onClick={cancel}>
          <span aria-hidden="true">←</span> {t('backToList')}
        </Button>
      </header>
      <p className={styles.requiredNote}>{t('requiredNote')}</p>

      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.main}>
          <TitleField
            value={draft.title}
            max={LIMITS.title}
            previewUrl={previewUrl}
            onChange={(value) => set('title', value)}
          />
          <CountedTextarea
            label={t('fieldExcerpt')}
            placeholder={t('excerptPlaceholder')}
            rows={3}
            value={draft.excerpt}
            max={LIMITS.excerpt}
            onChange={(value) => set('excerpt', value)}
          />
          <FeaturedImageField
            currentUrl={draft.featured_image}
            uploading={uploadingImage}
            onFile={uploadImage}
            onRemove={() => set('featured_image', null)}
          />
          <ContentField
            initialData={draft.content}
            onChange={(html) => set('content', html)}
            required={<RequiredMark />}
          />
        </div>

        <fieldset className={styles.side}>
          <legend className={styles.sideHeading}>{t('publishing')}</legend>
          <CountedInput
            label={t('fieldMetaTitle')}
            placeholder={t('metaTitlePlaceholder')}
            value={draft.meta_title}
            max={LIMITS.meta_title}
            onChange={(value) => set('meta_title', value)}
          />
          <ArticleStatusField value={draft.status} onChange={(status) => set('status', status)} />
          <CountedTextarea
            label={t('fieldMetaDescription')}
            placeholder={t('metaDescriptionPlaceholder')}
            rows={4}
            value={draft.meta_description}
            max={LIMITS.meta_description}
            onChange={(value) => set('meta_description', value)}
          />
        </fieldset>

        <footer className={styles.footer}>
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={cancel}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!canSave} busy={saving}>
              {t('save')}
            </Button>
          </div>
        </footer>
      </form>
      <DiscardChangesDialog open={guard.asking} onDiscard={guard.discard} onStay={guard.stay} />
    </section>
  );
}
