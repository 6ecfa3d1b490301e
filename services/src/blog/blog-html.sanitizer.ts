import sanitizeHtml from 'sanitize-html';

const LENGTH = /^\d+(\.\d+)?(px|em|rem|%)$/;
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^(rgb|hsl)a?\([\d\s.,%]+\)$/i, /^[a-z]+$/i];
const BLOCK_STYLES = { 'text-align': [/^(left|right|center|justify)$/], 'margin-left': [LENGTH] };

/**
 * The allowlist of what CKEditor 5 writes with the plugins the admin toolbar offers; anything
 * else (scripts, event handlers, other styles, other URL schemes) is dropped. Applied on save,
 * so what is stored is already clean.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'figure',
    'figcaption',
    'img',
    'oembed',
    'span',
    'mark',
    'br',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height', 'style'],
    code: ['class'],
    pre: ['class'],
    figure: ['class', 'style'],
    oembed: ['url'],
    ol: ['start', 'reversed'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedClasses: {
    code: [/^language-[\w-]+$/],
    pre: [/^language-[\w-]+$/],
    figure: ['image', 'media', 'table', /^image-style-[\w-]+$/, 'image_resized'],
  },
  allowedStyles: {
    '*': { color: COLOR, 'background-color': COLOR, ...BLOCK_STYLES },
    img: { width: [LENGTH], 'max-width': [LENGTH], height: [/^auto$/, LENGTH] },
    figure: { width: [LENGTH] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], oembed: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'url'],
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab must not hand that tab a handle on this page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * The article as readers get it: media embeds (CKEditor's `<oembed url>`, which browsers do not
 * play) become links to the media, so no third-party player loads on the page.
 */
export function readerArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      oembed: (_tagName, attribs) => ({
        tagName: 'a',
        attribs: { href: attribs.url ?? '', target: '_blank', rel: 'noopener noreferrer' },
        text: attribs.url ?? '',
      }),
    },
  });
}

/** The article as plain text, for excerpts and descriptions. */
export function articleText(html: string): string {
  // Block ends become spaces, so that words of two paragraphs do not run together.
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|pre|figcaption|td|th)>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
