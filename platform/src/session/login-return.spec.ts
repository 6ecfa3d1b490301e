import { loginPath, safeReturnPath } from '@veo3/platform/session/login-return';

describe('safeReturnPath', () => {
  it.each([
    ['/text-to-veo3-video?type=image', '/text-to-veo3-video?type=image'],
    ['/pricing', '/pricing'],
    ['/video-history?page=2#top', '/video-history?page=2#top'],
    ['/blog/a%20post', '/blog/a%20post'],
  ])('keeps the site path %s', (next, expected) => {
    expect(safeReturnPath(next)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['evil.example'],
    ['/\t/evil.example'],
    ['/login?next=/pricing'],
  ])('sends %p home instead', (next) => {
    expect(safeReturnPath(next)).toBe('/');
  });
});

describe('loginPath', () => {
  it('carries the page to return to, encoded', () => {
    expect(loginPath('/text-to-veo3-video?type=image&x=1')).toBe(
      '/login?next=%2Ftext-to-veo3-video%3Ftype%3Dimage%26x%3D1',
    );
  });

  it('is plain /login from home or from an unsafe address', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('//evil.example')).toBe('/login');
  });
});
