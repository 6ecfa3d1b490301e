import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { blogPostFixture } from '@veo3/platform/testing/blog-post.fixture';
import { PostList } from './post-list';

describe('PostList', () => {
  it('shows one card per post', () => {
    const posts = [blogPostFixture(), blogPostFixture({ id: 8, slug: 'second', title: 'Second post' })];
    render(
      <MemoryRouter>
        <PostList posts={posts} page={1} pages={1} onPageChange={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('pages through a window of five pages', () => {
    const onPageChange = jest.fn();
    render(
      <MemoryRouter>
        <PostList posts={[blogPostFixture()]} page={6} pages={9} onPageChange={onPageChange} />
      </MemoryRouter>,
    );
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    const pageButtons = Array.from(pager.querySelectorAll('[aria-label^="Page "]')).map((b) => b.textContent);
    expect(pageButtons).toEqual(['4', '5', '6', '7', '8']);
    fireEvent.click(screen.getByRole('button', { name: 'Page 7' }));
    expect(onPageChange).toHaveBeenCalledWith(7);
  });

  it('says there are no articles yet when the list is empty', () => {
    render(
      <MemoryRouter>
        <PostList posts={[]} page={1} pages={0} onPageChange={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'No articles yet' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });
});
