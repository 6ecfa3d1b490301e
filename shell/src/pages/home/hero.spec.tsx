import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Hero } from './hero';

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

function renderHero() {
  return render(
    <MemoryRouter>
      <Hero />
    </MemoryRouter>,
  );
}

afterEach(() => {
  // jsdom has no matchMedia of its own.
  delete (window as Partial<Window>).matchMedia;
});

describe('Hero', () => {
  it('plays a muted, looping background video', () => {
    const { container } = renderHero();
    const video = container.querySelector('video');
    expect(video).not.toBeNull();
    expect(video!.muted).toBe(true);
    expect(video!.loop).toBe(true);
    expect(video!.autoplay).toBe(true);
    expect(video).toHaveAttribute('src', 'hero.mp4');
  });

  it('falls back to the gradient when the video fails', () => {
    const { container } = renderHero();
    fireEvent.error(container.querySelector('video')!);
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('.shell-home__hero-media')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Veo 3 AI Video Generator with Realistic Sound',
    );
  });

  it('does not autoplay when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    const { container } = renderHero();
    expect(container.querySelector('video')!.autoplay).toBe(false);
  });

  it('links "Try Now" to the generator', () => {
    renderHero();
    expect(screen.getByRole('link', { name: 'Try Now' })).toHaveAttribute('href', '/text-to-veo3-video');
  });
});
