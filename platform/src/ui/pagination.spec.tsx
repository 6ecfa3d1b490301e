import { fireEvent, render, screen } from '@testing-library/react';
import { pageWindow, Pagination } from '@veo3/platform/ui/pagination';

describe('pageWindow', () => {
  it.each([
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [6, 10, [4, 5, 6, 7, 8]],
    [10, 10, [6, 7, 8, 9, 10]],
    [1, 0, []],
  ])('page %i of %i shows %j', (page, pages, expected) => {
    expect(pageWindow(page, pages)).toEqual(expected);
  });
});

describe('Pagination', () => {
  it('marks the current page and moves on click', () => {
    const onChange = jest.fn();
    render(<Pagination page={2} pages={7} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('is hidden for a single page', () => {
    const { container } = render(<Pagination page={1} pages={1} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
