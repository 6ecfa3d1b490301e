import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { blogPostFixture } from '@veo3/platform/testing/blog-post.fixture';
import type { PublicBlogPost as BlogListItem } from '@veo3/contracts/blog';
import { PostDetail } from './post-detail';

function renderDetail(post: BlogListItem) {
  return render(
    <MemoryRouter>
      <PostDetail post={post} />
    </MemoryRouter>,
  );
}

describe('PostDetail', () => {
  it('shows the breadcrumb Home / Blog / title', () => {
    renderDetail(blogPostFixture());
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog');
    expect(within(nav).getByText('Make your first AI video').getAttribute('aria-current')).toBe('page');
  });

  it('shows title, author, dates, views and tags', () => {
    renderDetail(blogPostFixture({ updated_at: '2025-04-10T09:00:00.000Z' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Make your first AI video' })).toBeTruthy();
    expect(screen.getByText('By Ann Lee')).toBeTruthy();
    expect(screen.getByText('Published Mar 4, 2025')).toBeTruthy();
    expect(screen.getByText('Updated Apr 10, 2025')).toBeTruthy();
    expect(screen.getByText('1,234 views')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('does not repeat an update on the publication day', () => {
    renderDetail(blogPostFixture());
    expect(screen.queryByText(/^Updated/)).toBeNull();
  });

  it('renders the content with its markdown markers as markup', () => {
    const { container } = renderDetail(blogPostFixture());
    expect(container.querySelector('strong')?.textContent).toBe('clear');
  });

  it('keeps the server HTML, such as a figure with its caption, as markup', () => {
    const { container } = renderDetail(
      blogPostFixture({
        content:
          '<figure class="image"><img src="/uploads/a.png" alt="A cat"><figcaption>A **cat**</figcaption></figure>',
      }),
    );
    expect(screen.getByRole('img', { name: 'A cat' }).getAttribute('src')).toBe('/uploads/a.png');
    expect(container.querySelector('figcaption strong')?.textContent).toBe('cat');
  });

  it('shows plain-text content as text: its < and & are never markup', () => {
    const { container } = renderDetail(blogPostFixture({ content: 'Use a < b & c **now**\n\n# Next step' }));
    expect(container.querySelector('article p')?.textContent).toBe('Use a < b & c now');
    expect(screen.getByRole('heading', { level: 2, name: 'Next step' })).toBeTruthy();
  });

  it('shows grey lines in place of the content until it arrives', () => {
    const { content: _content, ...listed } = blogPostFixture();
    const { container } = renderDetail(listed);
    expect(screen.getByRole('article').getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('article strong')).toBeNull();
    expect(screen.getByRole('link', { name: /Back to Blog/ })).toBeTruthy();
  });

  it('shows the cover image, and drops it when it cannot load', () => {
    const { container } = renderDetail(blogPostFixture());
    const cover = container.querySelector('img[src="https://cdn.example.com/cover.jpg"]');
    expect(cover).not.toBeNull();
    fireEvent.error(cover!);
    expect(container.querySelector('img[src="https://cdn.example.com/cover.jpg"]')).toBeNull();
  });

  it('leads back to the blog', () => {
    renderDetail(blogPostFixture());
    expect(screen.getByRole('link', { name: /Back to Blog/ }).getAttribute('href')).toBe('/blog');
  });
});
