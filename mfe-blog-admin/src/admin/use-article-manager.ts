import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import type { BlogPostWithContent as BlogPost } from '@veo3/contracts/blog';
import { deleteArticle, fetchAdminPosts, saveArticle, type ArticleDraft } from '../api/blog-admin-api';
import { blogAdminKeys } from '../api/blog-admin-keys';
import { blogAdminMessages } from '../blog-admin.messages';
import { reasonOf } from './reason-of';

/** The list at /blog-admin; the editor at /blog-admin/new or /blog-admin/<id> (SPEC §4 'Blog admin modes'). */
export type View =
  { mode: 'list' } | { mode: 'edit'; key: string; post: BlogPost | null } | { mode: 'loading' } | { mode: 'missing' };

/** What the editor hands to the list it returns to (the list is a page of its own). */
interface ListState {
  notice?: string | null;
  fromEditor?: boolean;
}

function viewOf(id: string | undefined, posts: BlogPost[] | undefined): View {
  if (id === undefined) return { mode: 'list' };
  if (id === 'new') return { mode: 'edit', key: id, post: null };
  if (!posts) return { mode: 'loading' };
  const post = posts.find((p) => String(p.id) === id);
  return post ? { mode: 'edit', key: id, post } : { mode: 'missing' };
}

/**
 * The blog manager's state: which view the address asks for, the article list, the notice above
 * it, and the save and delete mutations. Coming back from the editor moves focus to `listHeading`.
 */
export function useArticleManager() {
  const t = useT(blogAdminMessages);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { id } = useParams();
  const arrived = useLocation().state as ListState | null;
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<string | null>(arrived?.notice ?? null);

  // SPEC §8: a failure to load the articles is not reported; the list is then empty.
  const list = useQuery({ queryKey: blogAdminKeys.list(), queryFn: ({ signal }) => fetchAdminPosts(signal) });
  const posts = list.data ?? [];
  const view = viewOf(id, list.isPending ? undefined : posts);

  useEffect(() => {
    if (arrived?.fromEditor && view.mode === 'list') listHeading.current?.focus();
  }, [arrived, view.mode]);

  const openEditor = (post: BlogPost | null) => navigate(`/blog-admin/${post ? post.id : 'new'}`);

  const backToList = (message: string | null = null) =>
    navigate('/blog-admin', { state: { notice: message, fromEditor: true } satisfies ListState });

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

  return { view, notice, list, posts, listHeading, openEditor, backToList, save, remove, confirmDelete };
}
