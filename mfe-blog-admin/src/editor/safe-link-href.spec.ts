import { safeLinkHref } from './safe-link-href';

describe('safeLinkHref', () => {
  it.each([
    'https://example.com/page?q=1',
    'http://example.com',
    'HTTPS://EXAMPLE.COM',
    'mailto:support@example.com',
    'tel:+441234567890',
  ])('keeps %s', (href) => {
    expect(safeLinkHref(href)).toBe(href);
  });

  it('trims surrounding whitespace', () => {
    expect(safeLinkHref('  https://example.com  ')).toBe('https://example.com');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com',
    '/blog/relative',
    'example.com',
    '',
  ])('blanks %j', (href) => {
    expect(safeLinkHref(href)).toBe('');
  });
});
