import { fireEvent, render, screen } from '@testing-library/react';
import { CommunityCard } from './community-card';
import type { CommunityItem } from './community-items';

const item: CommunityItem = {
  kind: 'community',
  id: 'c'.repeat(22),
  creator: 'Ada',
  category: 'movie',
  title: 'a lighthouse in a storm',
  views: 42,
  page: `/v/${'c'.repeat(22)}`,
  poster: `/v/${'c'.repeat(22)}/poster.jpg`,
  video: `/v/${'c'.repeat(22)}/video.mp4`,
};

/** A pointer moving onto or off an element, as React sees it (jsdom has no PointerEvent with a pointerType). */
function pointer(type: 'pointerover' | 'pointerout', element: Element, pointerType: 'mouse' | 'touch') {
  const event = new MouseEvent(type, { bubbles: true });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  fireEvent(element, event);
}

function renderCard() {
  const { container } = render(<CommunityCard item={item} categoryLabel="Movie" />);
  const frame = container.querySelector('.shell-gallery-card__frame')!;
  return { frame, video: () => container.querySelector('video'), poster: () => container.querySelector('img') };
}

describe('CommunityCard', () => {
  it('shows its sized, lazy poster and links its title to the video page', () => {
    const { poster, video } = renderCard();
    expect(poster()).toHaveAttribute('src', item.poster);
    expect(poster()).toHaveAttribute('loading', 'lazy');
    expect(poster()).toHaveAttribute('width', '480');
    expect(poster()).toHaveAttribute('height', '270');
    expect(video()).toBeNull();
    expect(screen.getByRole('link', { name: /a lighthouse in a storm/ })).toHaveAttribute('href', item.page);
    expect(screen.getByText('42 views')).toBeInTheDocument();
  });

  it('plays the video file muted and inline while a mouse rests on it, never for a touch', () => {
    const { frame, video, poster } = renderCard();
    pointer('pointerover', frame, 'touch');
    expect(video()).toBeNull();
    pointer('pointerover', frame, 'mouse');
    expect(video()).toHaveAttribute('src', item.video);
    expect(video()!.muted).toBe(true);
    expect(video()).toHaveAttribute('playsinline');
    pointer('pointerout', frame, 'mouse');
    expect(video()).toBeNull();
    expect(poster()).toBeInTheDocument();
  });

  it('plays and stops on its button (a tap on a phone)', () => {
    const { video } = renderCard();
    const play = screen.getByRole('button', { name: 'Play the video by Ada' });
    expect(play).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(play);
    expect(play).toHaveAttribute('aria-pressed', 'true');
    expect(video()).not.toBeNull();
    fireEvent.click(play);
    expect(video()).toBeNull();
  });
});
