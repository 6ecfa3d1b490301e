import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { blogPostFixture } from '@veo3/platform/testing/blog-post.fixture';
import { jsonResponse } from '@veo3/platform/testing/test-session';
import { blogKeys } from '../api/blog-keys';
import { renderRoute, testQueryClient } from '../testing/render-route';
import BlogPostPage from './blog-post-page';

const notFoundReply = () =>
  jsonResponse({ success: false, code: 'BLOG_POST_NOT_FOUND', message: 'Article not found' }, 404);

let fetchMock: jest.Mock;

function renderAt(url: string) {
  return renderRoute(['/blog/:slug', '/blog/'], url, <BlogPostPage />);
}

function canonical() {
  return document.querySelector('link[rel="canonical"]')?.getAttribute('href');
}

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  document.head.querySelector('meta[name="description"]')?.remove();
  fetchMock = jest.fn(async () =>
    jsonResponse({
      success: true,
      data: blogPostFixture({
        content: '<h2>Why sound matters</h2><p>Start with a **clear** subject.</p><ul><li>One</li></ul>',
        author_avatar: 'https://cdn.example.com/ann.png',
        updated_at: '2025-04-10T09:00:00.000Z',
      }),
    }),
  );
  globalThis.fetch = fetchMock;
});

describe('BlogPostPage', () => {
  it('shows a skeleton while loading, then the article with everything the spec lists', async () => {
    const { container } = renderAt('/blog/make-your-first-ai-video');
    expect(screen.getByRole('status').textContent).toBe('Loading article...');

    expect(await screen.findByRole('heading', { level: 1, name: 'Make your first AI video' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/blog/posts/make-your-first-ai-video');

    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog');
    expect(within(nav).getByText('Make your first AI video').getAttribute('aria-current')).toBe('page');

    expect(screen.getByText('By Ann Lee')).toBeTruthy();
    expect(container.querySelector('img[src="https://cdn.example.com/ann.png"]')).not.toBeNull();
    expect(screen.getByText('Published Mar 4, 2025')).toBeTruthy();
    expect(screen.getByText('Updated Apr 10, 2025')).toBeTruthy();
    expect(screen.getByText('1,234 views')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Guides', 'Prompts']);
    const cover = container.querySelector('img[src="https://cdn.example.com/cover.jpg"]')!;
    expect(cover.getAttribute('width')).toBe('1280');
    expect(cover.getAttribute('height')).toBe('720');

    // Server HTML keeps its markup; markdown markers in its text become markup too.
    expect(screen.getByRole('heading', { level: 2, name: 'Why sound matters' })).toBeTruthy();
    expect(container.querySelector('article strong')?.textContent).toBe('clear');
    expect(screen.getByRole('link', { name: /Back to Blog/ }).getAttribute('href')).toBe('/blog');
  });

  it('sets the title, description and canonical from the article', async () => {
    renderAt('/blog/make-your-first-ai-video');
    await screen.findByRole('heading', { level: 1, name: 'Make your first AI video' });
    expect(document.title).toBe('Make your first AI video | Veo 3 Studio');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'A short guide to writing prompts that give Veo 3 videos realistic sound.',
    );
    expect(canonical()).toBe('http://localhost/blog/make-your-first-ai-video');
  });

  it('prefers the SEO title and description when the article has them', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({
        success: true,
        data: blogPostFixture({ meta_title: 'AI video guide', meta_description: 'How to write prompts.' }),
      }),
    );
    renderAt('/blog/make-your-first-ai-video');
    await screen.findByRole('heading', { level: 1, name: 'Make your first AI video' });
    expect(document.title).toBe('AI video guide | Veo 3 Studio');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('How to write prompts.');
  });

  it('says the article does not exist for a 404, with a way back to the blog', async () => {
    fetchMock.mockImplementation(async () => notFoundReply());
    renderAt('/blog/missing-post');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Blog/ }).getAttribute('href')).toBe('/blog');
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog');
    expect(document.title).toBe('Article not found | Veo 3 Studio');
    expect(canonical()).toBe('http://localhost/blog/missing-post');
  });

  it('says the article does not exist when the slug is missing, without asking the server', () => {
    renderAt('/blog/');
    expect(screen.getByRole('heading', { level: 1, name: 'Article not found' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['a server error', () => jsonResponse({ success: false, code: 'INTERNAL', message: 'Boom' }, 500)],
    ['an unsuccessful reply', () => jsonResponse({ success: false, message: 'Nope' })],
  ])('says the article failed to load on %s, with Back to Blog and Try Again', async (_case, reply) => {
    fetchMock.mockImplementation(async () => reply());
    renderAt('/blog/make-your-first-ai-video');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'Failed to load article' })).toBeTruthy();
    expect(
      within(alert)
        .getByRole('link', { name: /Back to Blog/ })
        .getAttribute('href'),
    ).toBe('/blog');
    expect(document.title).toBe('Failed to load article | Veo 3 Studio');

    fetchMock.mockImplementation(async () => jsonResponse({ success: true, data: blogPostFixture() }));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Make your first AI video' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the header at once when coming from the list, and the content when it arrives', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const client = testQueryClient();
    const { content: _content, ...listed } = blogPostFixture({ view_count: 5 });
    client.setQueryData(blogKeys.list(1), { posts: [listed], pagination: { page: 1, pages: 1, total: 1, limit: 12 } });
    const { container } = renderRoute('/blog/:slug', '/blog/make-your-first-ai-video', <BlogPostPage />, client);

    expect(screen.getByRole('heading', { level: 1, name: 'Make your first AI video' })).toBeTruthy();
    expect(screen.getByText('5 views')).toBeTruthy();
    expect(screen.getByRole('article').getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('article strong')).toBeNull();

    await act(async () => answer(jsonResponse({ success: true, data: blogPostFixture({ view_count: 6 }) })));
    expect(await screen.findByText('6 views')).toBeTruthy();
    expect(container.querySelector('article strong')?.textContent).toBe('clear');
    expect(screen.getByRole('article').getAttribute('aria-busy')).toBe('false');
  });

  it('speaks Chinese when the reader chose it', async () => {
    setLanguage('zh-CN');
    fetchMock.mockImplementation(async () => notFoundReply());
    renderAt('/blog/missing-post');
    expect(await screen.findByRole('heading', { level: 1, name: '文章不存在' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /返回博客/ })).toBeTruthy();
  });

  it('says the load failed in Chinese', async () => {
    setLanguage('zh-CN');
    fetchMock.mockImplementation(async () => jsonResponse({ success: false }, 503));
    renderAt('/blog/make-your-first-ai-video');
    expect(await screen.findByRole('heading', { level: 1, name: '加载文章失败' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /返回博客/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
