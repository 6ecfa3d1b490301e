import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { blogPostFixture } from '@veo3/platform/testing/blog-post.fixture';
import { jsonResponse } from '@veo3/platform/testing/test-session';
import { renderRoute } from '../testing/render-route';
import BlogListPage from './blog-list-page';

/** A list item as the API sends it: no content. */
function listed(n: number) {
  const { content: _content, ...post } = blogPostFixture({ id: n, slug: `post-${n}`, title: `Post number ${n}` });
  return post;
}

function pageReply(page: number, total: number, size = 12) {
  const pages = Math.ceil(total / size);
  const first = (page - 1) * size + 1;
  const count = Math.max(0, Math.min(size, total - first + 1));
  const posts = Array.from({ length: count }, (_, i) => listed(first + i));
  return jsonResponse({ success: true, data: { posts, pagination: { page, pages, total, limit: size } } });
}

const pageOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('page'));

let fetchMock: jest.Mock;

function renderList(url = '/blog') {
  return renderRoute('/blog', url, <BlogListPage />);
}

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  window.scrollTo = jest.fn();
  fetchMock = jest.fn(async (url: string) => pageReply(pageOf(url), 30));
  globalThis.fetch = fetchMock;
});

describe('BlogListPage', () => {
  it('shows the heading and intro, a sized skeleton while loading, then twelve cards of page 1', async () => {
    const { container } = renderList();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Blog']);
    expect(screen.getByText(/AI videos with realistic sound/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading articles...');
    expect(container.querySelectorAll('[aria-hidden="true"] > li')).toHaveLength(6);

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(12);
    expect(screen.queryByRole('status')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/blog/posts?page=1&limit=12');
    expect(within(cards[0]!).getByRole('link', { name: 'Post number 1' }).getAttribute('href')).toBe('/blog/post-1');
    // Images are lazy and sized, so the grid does not move when they arrive.
    const image = cards[0]!.querySelector('img')!;
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe('640');
    expect(image.getAttribute('height')).toBe('360');
    expect(document.title).toBe('Blog | Veo 3 Studio');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('http://localhost/blog');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/AI videos/);
  });

  it('pages through ?page=, driven by the pagination the server sends', async () => {
    renderList();
    await screen.findAllByRole('article');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    expect(within(pager).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(screen.getByTestId('location').textContent).toBe('/blog?page=2');
    expect(await screen.findByRole('link', { name: 'Post number 13' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(fetchMock).toHaveBeenLastCalledWith('/api/blog/posts?page=2&limit=12', expect.anything());
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
    // Focus moves to the list, so keyboard users start at the first card of the new page.
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Articles' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(document.title).toBe('Blog – Page 2 | Veo 3 Studio');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('http://localhost/blog?page=2');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Post number 25' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(screen.getByTestId('location').textContent).toBe('/blog');
    expect(await screen.findByRole('link', { name: 'Post number 1' })).toBeTruthy();
  });

  it('keeps the current page on screen, marked busy, while the next one loads', async () => {
    renderList();
    await screen.findAllByRole('article');
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByRole('link', { name: 'Post number 1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Articles' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await act(async () => answer(await pageReply(2, 30)));
    expect(await screen.findByRole('link', { name: 'Post number 13' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Articles' }).getAttribute('aria-busy')).toBe('false');
  });

  it('opens the page named in the URL, with a window of five pages', async () => {
    fetchMock.mockImplementation(async (url: string) => pageReply(pageOf(url), 12 * 9));
    renderList('/blog?page=6');
    expect(await screen.findByRole('link', { name: 'Post number 61' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/blog/posts?page=6&limit=12', expect.anything());
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['4', '5', '6', '7', '8']);
  });

  it('takes a page past the end to the last page', async () => {
    renderList('/blog?page=9');
    expect(await screen.findByRole('link', { name: 'Post number 25' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/blog?page=3');
    expect(screen.queryByText('No articles yet')).toBeNull();
  });

  it.each([['0'], ['-2'], ['abc'], ['1.5']])('reads ?page=%s as page 1', async (value) => {
    renderList(`/blog?page=${value}`);
    await screen.findAllByRole('article');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/blog/posts?page=1&limit=12');
  });

  it('says there are no articles yet for an empty blog, without a pager', async () => {
    fetchMock.mockImplementation(async () => pageReply(1, 0));
    renderList();
    expect(await screen.findByRole('heading', { level: 2, name: 'No articles yet' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['an HTTP error', () => jsonResponse({ success: false, code: 'INTERNAL', message: 'Boom' }, 500)],
    ['an unsuccessful reply', () => jsonResponse({ success: false, message: 'Nope' })],
    ['a reply without data', () => jsonResponse({ success: true })],
  ])('fails silently on %s: the quiet empty state, no error', async (_case, reply) => {
    fetchMock.mockImplementation(async () => reply());
    renderList();
    expect(await screen.findByText('No articles yet')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Boom|Nope|error|failed/i)).toBeNull();
  });

  it('speaks Chinese when the reader chose it', async () => {
    setLanguage('zh-CN');
    fetchMock.mockImplementation(async () => pageReply(1, 0));
    renderList();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('博客');
    expect(await screen.findByRole('heading', { name: '暂无文章' })).toBeTruthy();
    expect(document.title).toBe('博客 | Veo 3 Studio');
  });
});
