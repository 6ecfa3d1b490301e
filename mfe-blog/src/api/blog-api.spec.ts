import { act } from '@testing-library/react';
import { sessionStore } from '@veo3/platform/session/session-store';
import { blogPostFixture } from '@veo3/platform/testing/blog-post.fixture';
import { jsonResponse } from '@veo3/platform/testing/test-session';
import { fetchBlogPost, fetchBlogPosts, isPostNotFound } from './blog-api';
import { blogKeys } from './blog-keys';

let fetchMock: jest.Mock;

beforeEach(() => {
  localStorage.clear();
  act(() => sessionStore.restore());
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock;
});

describe('fetchBlogPosts', () => {
  it('asks for twelve posts of the page and reads posts and pagination', async () => {
    const { content: _content, ...listed } = blogPostFixture();
    fetchMock.mockResolvedValue(
      jsonResponse({
        success: true,
        data: { posts: [listed], pagination: { page: 2, pages: 3, total: 25, limit: 12 } },
      }),
    );
    const page = await fetchBlogPosts(2);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/blog/posts?page=2&limit=12');
    expect(page.posts.map((p) => p.slug)).toEqual(['make-your-first-ai-video']);
    expect(page.pagination).toEqual({ page: 2, pages: 3, total: 25, limit: 12 });
  });

  it('copes with a reply missing pagination or tags', async () => {
    const { tags: _tags, ...untagged } = blogPostFixture();
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { posts: [untagged] } }));
    const page = await fetchBlogPosts(1);
    expect(page.posts[0]!.tags).toEqual([]);
    expect(page.pagination).toEqual({ page: 1, pages: 1, total: 1, limit: 12 });
  });

  it('fails on an unsuccessful reply', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Nope' }));
    await expect(fetchBlogPosts(1)).rejects.toThrow('Nope');
  });
});

describe('fetchBlogPost', () => {
  it('reads the post of the slug, escaping the slug in the path', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: blogPostFixture() }));
    const post = await fetchBlogPost('a b/c');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/blog/posts/a%20b%2Fc');
    expect(post.title).toBe('Make your first AI video');
  });

  it.each([
    ['a 404', () => jsonResponse({ success: false, code: 'BLOG_POST_NOT_FOUND', message: 'Article not found' }, 404)],
    ['a 404 without a body', () => jsonResponse(null, 404)],
    ['the not-found code in a 200 reply', () => jsonResponse({ success: false, code: 'BLOG_POST_NOT_FOUND' })],
  ])('reports %s as not found', async (_case, reply) => {
    fetchMock.mockResolvedValue(reply());
    const error = await fetchBlogPost('gone').catch((e: unknown) => e);
    expect(isPostNotFound(error)).toBe(true);
  });

  it.each([
    ['a server error', () => jsonResponse({ success: false, message: 'Boom' }, 500)],
    ['a reply without a post', () => jsonResponse({ success: true })],
  ])('reports %s as a load failure, not as not found', async (_case, reply) => {
    fetchMock.mockResolvedValue(reply());
    const error = await fetchBlogPost('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isPostNotFound(error)).toBe(false);
  });
});

describe('blogKeys', () => {
  it('nests every key under the blog, lists and posts apart', () => {
    expect(blogKeys.list(2)).toEqual(['blog', 'list', 2]);
    expect(blogKeys.post('a')).toEqual(['blog', 'post', 'a']);
    expect(blogKeys.list(1).slice(0, 2)).toEqual([...blogKeys.lists()]);
  });
});
