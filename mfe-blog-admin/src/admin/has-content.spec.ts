import { hasContent } from './has-content';

describe('hasContent', () => {
  it.each(['', '<p></p>', '<p>&nbsp;</p>', '<p> </p><p><br></p>', '<h2>&#160;</h2>'])('%j is empty', (html) => {
    expect(hasContent(html)).toBe(false);
  });

  it.each([
    '<p>Hello</p>',
    '<p>&amp;</p>',
    '<figure class="image"><img src="/api/blog/images/a.webp"></figure>',
    '<figure class="media"><oembed url="https://www.youtube.com/watch?v=x"></oembed></figure>',
    'plain text',
  ])('%j has content', (html) => {
    expect(hasContent(html)).toBe(true);
  });
});
