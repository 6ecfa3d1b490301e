import { loadEditor } from './lazy-editor';

/**
 * The edit view is loaded on demand: the form with its slug converter (pinyin-pro), and CKEditor in a
 * chunk of its own. The article list downloads neither.
 */
export const loadArticleForm = () => import('./article-form');

/** Starts both downloads before they are needed: when the pointer or focus reaches 'New Article' or 'Edit'. */
export function preloadEditView(): void {
  // A failure is shown, with Retry, when the view opens.
  loadArticleForm().catch(() => {});
  loadEditor().catch(() => {});
}
