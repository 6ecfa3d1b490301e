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

  it('shows each post as a local, sized, lazy still with a play control and loads no embed', () => {
    const { container } = render(<Gallery items={showcaseItems} />);
    expect(container.querySelector('iframe')).toBeNull();
    const [first] = screen.getAllByTestId('showcase-card');
    const still = first!.querySelector('img')!;
    expect(still).toHaveAttribute('src', `${showcaseItems[0]!.id}.webp`);
    expect(still).toHaveAttribute('loading', 'lazy');
    expect(still).toHaveAttribute('width', '480');
    expect(still).toHaveAttribute('height', '270');
    expect(within(first!).getByText(showcaseItems[0]!.creator)).toBeInTheDocument();
    expect(
      within(first!).getByRole('button', { name: `Play the video by ${showcaseItems[0]!.creator}` }),
    ).toBeVisible();
  });
});

describe('Gallery card embed', () => {
  afterEach(() => jest.useRealTimers());

  function play(index = 0) {
    const card = screen.getAllByTestId('showcase-card')[index]!;
    fireEvent.click(within(card).getByRole('button', { name: /^Play the video by/ }));
    return card;
  }

  it('embeds the post as a dark, do-not-track tweet only once play is pressed', () => {
    render(<Gallery items={showcaseItems} />);
    const [first] = showcaseItems;
    const card = play();
    const frame = card.querySelector('iframe')!;
    expect(frame).toHaveAttribute('title', `Veo 3 video posted by ${first!.creator}`);
    expect(frame).toHaveAttribute(
      'src',
      `https://platform.twitter.com/embed/Tweet.html?id=${first!.id}&theme=dark&dnt=true`,
    );
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(within(card).getByRole('group')).toHaveFocus();
  });

  it('shows a loading state for at most 3 seconds, then a "View on X" link', () => {
    jest.useFakeTimers();
    render(<Gallery items={showcaseItems.slice(0, 1)} />);
    const card = play();
    expect(within(card).getByText('Loading video...')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(EMBED_LOADING_LIMIT_MS - 1));
    expect(within(card).getByText('Loading video...')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(within(card).queryByText('Loading video...')).not.toBeInTheDocument();
    expect(card.querySelector('iframe')).toBeNull();
    const link = within(card).getByRole('link', { name: /^View on X/ });
    expect(link).toHaveAttribute('href', showcaseItems[0]!.videoUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveFocus();
    // The post's still stays in view with the link; no blurred panel over it.
    expect(card.querySelector('img')).toHaveAttribute('src', showcaseItems[0]!.still);
  });

  it('offline, play goes straight to the still and a link to the post, loading nothing', () => {
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    render(<Gallery items={showcaseItems.slice(0, 1)} />);
    const card = play();
    onLine.mockRestore();
    expect(card.querySelector('iframe')).toBeNull();
    expect(within(card).queryByText('Loading video...')).not.toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', showcaseItems[0]!.still);
    expect(within(card).getByRole('link', { name: /^View on X/ })).toHaveFocus();
  });

  it('drops the loading state as soon as the post has arrived (a message from its frame), not on a bare load', () => {
    jest.useFakeTimers();
    render(<Gallery items={showcaseItems.slice(0, 1)} />);
    const card = play();
    const frame = card.querySelector('iframe')!;
    fireEvent.load(frame);
    expect(within(card).getByText('Loading video...')).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://platform.twitter.com',
          source: frame.contentWindow,
          data: '{"twttr.embed":{"method":"twttr.private.resize"}}',
        }),
      );
    });
    expect(within(card).queryByText('Loading video...')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(EMBED_LOADING_LIMIT_MS));
    expect(card.querySelector('iframe')).toBe(frame);
    expect(within(card).queryByRole('link', { name: /^View on X/ })).not.toBeInTheDocument();
  });

  it('ignores messages from other origins', () => {
    jest.useFakeTimers();
    render(<Gallery items={showcaseItems.slice(0, 1)} />);
    const card = play();
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: 'x' }));
    });
    expect(within(card).getByText('Loading video...')).toBeInTheDocument();
  });
});
