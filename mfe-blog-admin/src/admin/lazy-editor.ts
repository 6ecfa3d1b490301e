/** CKEditor in a chunk of its own, loaded when the content field first shows it. */
export const loadEditor = () => import('../editor/rich-text-editor');
