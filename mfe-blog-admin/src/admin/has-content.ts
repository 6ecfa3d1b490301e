/** Elements that are content on their own, without any text. */
const CONTENT_ELEMENTS = /<(img|oembed|iframe|video|hr|table)\b/i;

/**
 * Whether the editor's HTML holds anything (SPEC §5 'Save is disabled unless title and content are
 * non-empty'): text other than whitespace, or a picture, video, rule or table. An emptied editor's
 * `<p></p>` or `<p>&nbsp;</p>` is empty.
 */
export function hasContent(html: string): boolean {
  if (CONTENT_ELEMENTS.test(html)) return true;
  const text = html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|&#xa0;/gi, ' ');
  return text.trim() !== '';
}
