import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import BlogListPage from './blog-list-page';

describe('BlogListPage', () => {
  it('shows the blog heading, its intro and the empty list', () => {
    render(
      <MemoryRouter initialEntries={['/blog']}>
        <BlogListPage />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Blog']);
    expect(screen.getByText(/AI videos with realistic sound/)).toBeTruthy();
    expect(screen.getByText('No articles yet')).toBeTruthy();
    expect(document.title).toBe('Blog | Veo 3 Studio');
  });
});
