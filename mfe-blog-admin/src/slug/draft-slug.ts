const MAX_SLUG_LENGTH = 100;
const UNTITLED_SLUG = 'untitled-post';

/** Turns Chinese characters into pinyin; a full converter plugs in here (refined SPEC). */
export type ToPinyin = (text: string) => string;

const keepAsWritten: ToPinyin = (text) => text;

/**
 * The draft slug shown in the URL preview (SPEC §5 'Draft slug rule'), step by step:
 * lowercase, Chinese to pinyin, drop everything but word characters, spaces and hyphens,
 * collapse runs of spaces/underscores/hyphens into one hyphen, trim hyphens at both ends,
 * cut to 100 characters, and fall back to 'untitled-post' when nothing is left.
 * Without a converter, Chinese characters are not word characters and drop out.
 */
export function draftSlug(title: string, toPinyin: ToPinyin = keepAsWritten): string {
  const slug = toPinyin(title.toLowerCase())
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH);
  return slug || UNTITLED_SLUG;
}
