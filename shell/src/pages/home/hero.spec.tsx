import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
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
  it('paints with a sized poster and no video (the server render and the first client render)', () => {
    const html = renderToString(
      <MemoryRouter>
        <Hero />
      </MemoryRouter>,
    );
    expect(html).not.toContain('<video');
    expect(html).toMatch(/<img[^>]*class="shell-home__hero-poster"[^>]*width="640"[^>]*height="360"/);
  });

  it('plays a muted, looping background video once the page has painted', async () => {
    const { container } = renderHero();
    expect(container.querySelector('img.shell-home__hero-poster')).toHaveAttribute('src', 'hero-poster.jpg');
    await waitFor(() => expect(container.querySelector('video')).not.toBeNull());
    const video = container.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video).toHaveAttribute('src', 'hero.mp4');
  });

  it('falls back to the gradient when the video fails', async () => {
    const { container } = renderHero();
    await waitFor(() => expect(container.querySelector('video')).not.toBeNull());
    fireEvent.error(container.querySelector('video')!);
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('img.shell-home__hero-poster')).toBeNull();
    expect(container.querySelector('.shell-home__hero-media')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Veo 3 AI Video Generator with Realistic Sound',
    );
  });

  it('loads no video when the visitor prefers reduced motion', async () => {
    mockReducedMotion(true);
    const { container } = renderHero();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('img.shell-home__hero-poster')).not.toBeNull();
  });

  it('loads no video when the visitor asks to save data', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      const { container } = renderHero();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(container.querySelector('video')).toBeNull();
    } finally {
      delete (navigator as { connection?: unknown }).connection;
    }
  });

  it('links "Try Now" to the generator', () => {
    renderHero();
    expect(screen.getByRole('link', { name: 'Try Now' })).toHaveAttribute('href', '/text-to-veo3-video');
  });
});
