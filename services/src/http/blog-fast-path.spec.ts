import { fastPathKey } from './blog-fast-path';

describe('fastPathKey', () => {
  it('names the cached reply of each public blog read', () => {
    expect(fastPathKey('/api/blog/posts')?.key).toBe('list:1:12');
    expect(fastPathKey('/api/blog/posts?page=3&limit=12')?.key).toBe('list:3:12');
    expect(fastPathKey('/api/blog/posts/hello-world')?.key).toBe('post:hello-world');
    expect(fastPathKey('/api/blog/posts/ni-hao%20x')?.key).toBe('post:ni-hao x');
    expect(fastPathKey('/blog')?.key).toBe('page:/blog?page=1');
    expect(fastPathKey('/blog?page=2')?.key).toBe('page:/blog?page=2');
    expect(fastPathKey('/blog/hello-world/')?.key).toBe('page:/blog/hello-world');
  });

  it('leaves to the handlers what they must judge or what is not a public read', () => {
    for (const url of [
      '/api/blog/posts?limit=51',
      '/api/blog/posts?page=0',
      '/api/blog/posts?page=x',
      '/api/blog/posts?page=1&debug=1',
      '/api/blog/posts/a/b',
      '/api/blog/posts/%E0%A4%A',
      '/api/blog/admin/posts',
      '/blog-admin',
      '/blog/a/b',
    ]) {
      expect([url, fastPathKey(url)]).toEqual([url, null]);
    }
  });
});
