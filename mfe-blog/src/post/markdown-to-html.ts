/**
 * How article content is displayed (SPEC §9: simple markdown markers become markup).
 *
 * The API delivers content as HTML that the server sanitized on save (docs/OPERATIONS.md, Blog). Markers
 * are only ever applied to text, so that HTML is never broken:
 *
 * - Inline markers: `code`, **bold**, *italic*, and [text](https://…) links (http and https only).
 * - HTML (content with at least one tag, e.g. what the editor writes) keeps its markup: only the
 *   text between tags gets the inline markers, and never inside <a>, <code>, <pre> and the like.
 * - Text without any tag is taken as written: characters that could start markup are escaped
 *   (entities the server already encoded, such as &amp;, are kept). Then '#'…'######' plus a
 *   space at the start of a line make headings h2…h6 (the article title is the page's only h1),
 *   blank lines separate paragraphs and single line breaks become <br>.
 */
export function markdownToHtml(content: string): string {
  const text = content.replace(/\uE000/g, '');
  return HAS_TAG.test(text) ? markEditorHtml(text) : plainTextToHtml(text);
}

/** An opening, closing or self-closing HTML tag anywhere in the content. */
const HAS_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;
/** Elements whose text is code, a link label or not text at all: markers inside stay as written. */
const NO_MARKERS_INSIDE = new Set(['a', 'code', 'pre', 'kbd', 'samp', 'script', 'style', 'textarea', 'svg', 'math']);
// A private-use character (stripped from the input above) marks set-aside spans while markers are replaced.
const PLACEHOLDER = /\uE000(\d+)\uE000/g;

function markEditorHtml(html: string): string {
  let protectedDepth = 0;
  // Splitting on a capture group puts every tag (or comment) at an odd index.
  return html
    .split(/(<[^>]*>)/)
    .map((part, index) => {
      if (index % 2 === 0) return protectedDepth > 0 ? part : inlineMarkers(part);
      const [, slash, name = ''] = /^<(\/?)([a-z][a-z0-9]*)/i.exec(part) ?? [];
      if (NO_MARKERS_INSIDE.has(name.toLowerCase()) && !part.endsWith('/>')) {
        protectedDepth = Math.max(0, protectedDepth + (slash ? -1 : 1));
      }
      return part;
    })
    .join('');
}

function plainTextToHtml(text: string): string {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(`<p>${paragraph.map(inlineMarkers).join('<br>')}</p>`);
    paragraph = [];
  };
  for (const line of escapeHtml(text).split(/\r?\n/)) {
    const heading = /^(#{1,6})[ \t]+(.*\S)\s*$/.exec(line);
    if (heading) {
      const [, hashes = '', body = ''] = heading;
      const level = Math.min(hashes.length + 1, 6);
      flush();
      blocks.push(`<h${level}>${inlineMarkers(body)}</h${level}>`);
    } else if (line.trim() === '') {
      flush();
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks.join('\n');
}

function inlineMarkers(text: string): string {
  // Code spans and links are set aside first, so markers inside them (or inside a URL) stay as written.
  const kept: string[] = [];
  const keep = (html: string) => `\uE000${kept.push(html) - 1}\uE000`;
  const marked = emphasis(
    text
      .replace(/`([^`\n]+)`/g, (_, code: string) => keep(`<code>${code}</code>`))
      .replace(/\[([^\]\n]+)\]\((https?:\/\/[^\s()"<>]+)\)/gi, (_, label: string, href: string) =>
        keep(`<a href="${href}" rel="noopener noreferrer">${emphasis(label)}</a>`),
      ),
  );
  const restore = (html: string): string =>
    html.replace(PLACEHOLDER, (_, index: string) => restore(kept[Number(index)] ?? ''));
  return restore(marked);
}

function emphasis(text: string): string {
  return text
    .replace(/\*\*(?=\S)([^\n]*?\S)\*\*/g, '<strong>$1</strong>')
    .replace(/\*(?=\S)([^*\n]*?[^\s*])\*/g, '<em>$1</em>');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&(?!(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
