import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '@veo3/platform/i18n/i18n';
import type { BlogPostWithContent as BlogPost } from '@veo3/contracts/blog';
import { deleteArticle, fetchAdminPosts, saveArticle, type ArticleDraft } from '../api/blog-admin-api';
import { blogAdminKeys } from '../api/blog-admin-keys';
import { blogAdminMessages } from '../blog-admin.messages';
import { reasonOf } from './reason-of';

export type View = { mode: 'list' } | { mode: 'edit'; post: BlogPost | null };

/**
 * The blog manager's state: list or editor, the article list, the notice above it, and the save
 * and delete mutations. Coming back to the list moves focus to `listHeading`.
 */
export function useArticleManager() {
  const t = useT(blogAdminMessages);
  const queryClient = useQueryClient();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [view, setView] = useState<View>({ mode: 'list' });
  // A new key per opening gives the editor a blank (or freshly loaded) form every time.
  const [formKey, setFormKey] = useState(0);
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

  return { view, formKey, notice, list, posts, listHeading, openEditor, backToList, save, remove, confirmDelete };
}
