import { useState } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import type { BlogPostWithContent as BlogPost } from '@veo3/contracts/blog';
import { uploadFeaturedImage, type ArticleDraft } from '../api/blog-admin-api';
import { blogAdminMessages } from '../blog-admin.messages';
import { hasContent } from './has-content';
import { reasonOf } from './reason-of';

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

export type SetDraftField = <K extends keyof ArticleDraft>(key: K, value: ArticleDraft[K]) => void;

/** The editor's draft of one article, its featured-image upload, whether it can be saved and whether it changed. */
export function useArticleForm(post: BlogPost | null) {
  const t = useT(blogAdminMessages);
  const [initial] = useState(() => draftOf(post));
  const [draft, setDraft] = useState(initial);
  const [uploadingImage, setUploadingImage] = useState(false);
  const set: SetDraftField = (key, value) => setDraft((current) => ({ ...current, [key]: value }));

  const canSave = draft.title.trim() !== '' && hasContent(draft.content) && !uploadingImage;
  // Typing a change and then undoing it leaves nothing to lose.
  const dirty = (Object.keys(initial) as (keyof ArticleDraft)[]).some(
    (key) => JSON.stringify(draft[key]) !== JSON.stringify(initial[key]),
  );

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

  return { draft, set, canSave, dirty, uploadingImage, uploadImage };
}
