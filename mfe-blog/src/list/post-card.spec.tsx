import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { blogPostFixture } from '@veo3/platform/testing/blog-post.fixture';
import type { BlogPostWithContent as BlogPost } from '@veo3/contracts/blog';
import { PostCard } from './post-card';

function renderCard(post: BlogPost) {
  return render(
    <MemoryRouter>
      <PostCard post={post} />
    </MemoryRouter>,
  );
}

describe('PostCard', () => {
  it('links the title to the article', () => {
    renderCard(blogPostFixture());
    const link = screen.getByRole('link', { name: 'Make your first AI video' });
    expect(link.getAttribute('href')).toBe('/blog/make-your-first-ai-video');
    expect(screen.getByRole('heading', { level: 2, name: 'Make your first AI video' })).toBeTruthy();
  });

  it('shows the excerpt trimmed to 100 characters', () => {
    renderCard(blogPostFixture({ excerpt: 'x'.repeat(140) }));
    expect(screen.getByText(`${'x'.repeat(100)}…`)).toBeTruthy();
  });

  it('shows author, publication date, views and tags', () => {
    renderCard(blogPostFixture());
    expect(screen.getByText('By Ann Lee')).toBeTruthy();
    expect(screen.getByText('Published Mar 4, 2025')).toBeTruthy();
    expect(screen.getByText('1,234 views')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Tags' }).textContent).toBe('GuidesPrompts');
  });

  it('uses the singular for one view and the creation date for an unpublished post', () => {
    renderCard(blogPostFixture({ view_count: 1, published_at: null, author_name: null }));
    expect(screen.getByText('1 view')).toBeTruthy();
    expect(screen.getByText('Published Mar 1, 2025')).toBeTruthy();
    expect(screen.queryByText(/^By /)).toBeNull();
  });

  it('falls back to the gradient when the featured image cannot load', () => {
    const { container } = renderCard(blogPostFixture());
    const image = container.querySelector('img[src="https://cdn.example.com/cover.jpg"]');
    expect(image).not.toBeNull();
    fireEvent.error(image!);
    expect(container.querySelector('img[src="https://cdn.example.com/cover.jpg"]')).toBeNull();
  });
});
