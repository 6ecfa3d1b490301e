import { pinyin } from 'pinyin-pro';

const MAX_SLUG_LENGTH = 100;
const UNTITLED_SLUG = 'untitled-post';

/**
 * Chinese characters to toneless pinyin syllables (full converter, refined SPEC); other text is
 * kept as written. This file imports no project code, so the admin remote compiles it too (by
 * relative path) for its live URL preview.
 */
export function toPinyin(text: string): string {
  return pinyin(text, { toneType: 'none', nonZh: 'consecutive', v: true });
}

/**
 * The slug of a title (SPEC §5 'Draft slug rule'), step by step: lowercase, Chinese to pinyin,
 * drop everything but word characters, spaces and hyphens, collapse runs of
 * spaces/underscores/hyphens into one hyphen, trim hyphens at both ends, cut to 100 characters,
 * and fall back to 'untitled-post' when nothing is left. The server makes it unique.
 */
export function draftSlug(title: string, convert: (text: string) => string = toPinyin): string {
  const slug = convert(title.toLowerCase())
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || UNTITLED_SLUG;
}
