import { trimExcerpt } from './trim-excerpt';

describe('trimExcerpt', () => {
  it('keeps a short excerpt as it is', () => {
    expect(trimExcerpt('Make a video in minutes.', 100)).toBe('Make a video in minutes.');
  });

  it('keeps an excerpt of exactly the limit without an ellipsis', () => {
    const text = 'a'.repeat(100);
    expect(trimExcerpt(text, 100)).toBe(text);
  });

  it('cuts a longer excerpt to the limit and adds an ellipsis', () => {
    const result = trimExcerpt('b'.repeat(150), 100);
    expect(result).toBe(`${'b'.repeat(100)}…`);
  });

  it('does not leave a space before the ellipsis', () => {
    expect(trimExcerpt('one two three', 8)).toBe('one two…');
  });

  it('ignores surrounding whitespace', () => {
    expect(trimExcerpt('  hello  ', 5)).toBe('hello');
  });

  it('never cuts an emoji in half', () => {
    const result = trimExcerpt('😀'.repeat(5), 3);
    expect(result).toBe('😀😀😀…');
    expect(result).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('counts Chinese characters one by one', () => {
    expect(trimExcerpt('人工智能视频生成', 4)).toBe('人工智能…');
  });
});
