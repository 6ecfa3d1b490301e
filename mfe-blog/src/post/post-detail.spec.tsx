import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { blogPostFixture } from '@veo3/platform/testing/blog-post.fixture';
import type { BlogPost } from '@veo3/platform/types/blog-post';
import { PostDetail } from './post-detail';

function renderDetail(post: BlogPost) {
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

  it('shows typed HTML in plain-text content as text', () => {
    const { container } = renderDetail(blogPostFixture({ content: '<img src=x onerror=alert(1)> hi' }));
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)> hi')).toBeTruthy();
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
