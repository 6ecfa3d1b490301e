import { fireEvent, render, screen, within } from '@testing-library/react';
import { blogPostFixture } from '@veo3/platform/testing/blog-post.fixture';
import { ArticleTable } from './article-table';

describe('ArticleTable', () => {
  it('shows each article with its excerpt, status, views and creation time', () => {
    render(
      <>
        <h2 id="list">Article List</h2>
        <ArticleTable
          labelledBy="list"
          posts={[blogPostFixture(), blogPostFixture({ id: 8, title: 'Rough notes', status: 'draft', view_count: 0 })]}
          onEdit={() => {}}
          onDelete={() => {}}
        />
      </>,
    );
    const rows = within(screen.getByRole('table', { name: 'Article List' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('rowheader').textContent).toBe(
      'Make your first AI videoA short guide to writing prompts that give Veo 3 videos realistic sound.',
    );
    expect(within(first).getByText('Published')).toBeTruthy();
    expect(within(first).getByText('1,234')).toBeTruthy();
    expect(within(first).getByText(/^Mar 1, 2025/)).toBeTruthy();
    expect(within(second).getByText('Draft')).toBeTruthy();
  });

  it('edits or deletes the article of its row', () => {
    const onEdit = jest.fn();
    const onDelete = jest.fn();
    const post = blogPostFixture({ status: 'archived' });
    render(<ArticleTable labelledBy="x" posts={[post]} onEdit={onEdit} onDelete={onDelete} />);
    expect(screen.getByText('Archived')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit “Make your first AI video”' }));
    expect(onEdit).toHaveBeenCalledWith(post);
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Make your first AI video”' }));
    expect(onDelete).toHaveBeenCalledWith(post);
  });
});
