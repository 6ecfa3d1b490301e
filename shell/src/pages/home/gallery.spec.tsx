import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Gallery } from './gallery';
import { EMBED_LOADING_LIMIT_MS } from './gallery-card';
import { showcaseItems } from './showcase-items';

const scrollIntoView = jest.fn();

beforeEach(() => {
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});

function cards() {
  return screen.queryAllByRole('article');
}

function category(name: string) {
  return within(screen.getByRole('group', { name: 'Video categories' })).getByRole('button', { name });
}

describe('Gallery', () => {
  it('shows 8 videos first and 4 more per "More Videos"', () => {
    render(<Gallery items={showcaseItems} />);
    expect(cards()).toHaveLength(8);
    expect(category('All')).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'More Videos' }));
    expect(cards()).toHaveLength(12);
  });

  it('resets to 4 videos of the chosen category and scrolls to the category buttons', () => {
    render(<Gallery items={showcaseItems} />);
    fireEvent.click(category('Product'));

    expect(cards()).toHaveLength(4);
    expect(category('Product')).toHaveAttribute('aria-pressed', 'true');
    expect(category('All')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByText('Product', { selector: '.shell-gallery-card__badge' })).toHaveLength(4);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.instances[0]).toBe(screen.getByRole('group', { name: 'Video categories' }));

    fireEvent.click(screen.getByRole('button', { name: 'More Videos' }));
    expect(cards()).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'More Videos' })).not.toBeInTheDocument();
  });

  it('says so when a category has no videos', () => {
    render(<Gallery items={showcaseItems.filter((item) => item.category !== 'talk show')} />);
    fireEvent.click(category('Talk Show'));

    expect(screen.getByText('There are no videos in this category')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'More Videos' })).not.toBeInTheDocument();
  });

  it('embeds each post lazily as a dark, do-not-track tweet', () => {
    render(<Gallery items={showcaseItems} />);
    const [first] = showcaseItems;
    const frame = screen.getByTitle(`Veo 3 video posted by ${first!.creator}`);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame).toHaveAttribute(
      'src',
      `https://platform.twitter.com/embed/Tweet.html?id=${first!.id}&theme=dark&dnt=true`,
    );
  });
});

describe('Gallery card loading state', () => {
  afterEach(() => jest.useRealTimers());

  it('shows a loading state for at most 3 seconds', () => {
    jest.useFakeTimers();
    render(<Gallery items={showcaseItems.slice(0, 1)} />);
    expect(screen.getByText('Loading video...')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(EMBED_LOADING_LIMIT_MS - 1));
    expect(screen.getByText('Loading video...')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Loading video...')).not.toBeInTheDocument();
  });

  it('drops the loading state as soon as the embed has loaded', () => {
    render(<Gallery items={showcaseItems.slice(0, 1)} />);
    fireEvent.load(screen.getByTitle(/Veo 3 video posted by/));
    expect(screen.queryByText('Loading video...')).not.toBeInTheDocument();
  });
});
