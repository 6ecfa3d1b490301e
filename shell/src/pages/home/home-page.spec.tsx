import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { GalleryItem } from '@veo3/contracts/gallery';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { jsonResponse } from '@veo3/platform/testing/test-session';
import { HomePage } from './home-page';

/** The community's videos GET /api/gallery answers (none unless a test says so). */
let community: GalleryItem[] = [];

beforeEach(() => {
  community = [];
  globalThis.fetch = jest.fn(async () =>
    jsonResponse({ success: true, data: { items: community, next_cursor: null, page: 1, has_more: false } }),
  );
});

function renderHome() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => act(() => setLanguage('en', { remember: false })));

function communityVideo(id: string, views: number, prompt: string | null): GalleryItem {
  return {
    id,
    url: `http://localhost/v/${id}`,
    poster_url: `/v/${id}/poster.jpg`,
    video_url: `/v/${id}/video.mp4`,
    prompt,
    model: 'veo3',
    duration_s: 8,
    aspect_ratio: '16:9',
    creator_name: prompt ? 'Ada' : null,
    views,
    remixes: 0,
    category: 'animation',
    listed_at: '2026-11-01T00:00:00.000Z',
  };
}

/** The brand with the non-breaking space a heading writes it with. */
const VEO = 'Veo\u00a03';

describe('HomePage', () => {
  it('has one main heading and sets the page title and canonical link', () => {
    renderHome();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Veo 3 AI Video Generator with Realistic Sound | Veo 3 Studio');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/');
  });

  it('shows the gallery, key features, how-to steps and FAQ', () => {
    renderHome();
    expect(screen.getByRole('heading', { name: `Explore Videos Created with ${VEO}` })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Key Features' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Create a ${VEO} Video in Three Steps` })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
  });

  it('sends "Start Your First Video" to the generator', () => {
    renderHome();
    expect(screen.getByRole('link', { name: 'Start Your First Video' })).toHaveAttribute('href', '/text-to-veo3-video');
  });

  it('opens and closes an FAQ answer', () => {
    renderHome();
    const question = screen.getByRole('button', { name: 'How much does one video cost?' });
    const answer = document.getElementById(question.getAttribute('aria-controls')!)!;
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();

    fireEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent('Each video costs 40 credits');

    fireEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
  });

  it.each(['en', 'zh-CN'] as const)(
    'never lets a line break inside a brand name in a heading or eyebrow (%s)',
    (lang) => {
      act(() => setLanguage(lang, { remember: false }));
      const { container } = renderHome();
      const texts = [...container.querySelectorAll('h1, h2, h3, .shell-eyebrow')].map((el) => el.textContent ?? '');
      const branded = texts.filter((text) => /Veo\s3/.test(text));
      // Hero title and eyebrow, gallery, features eyebrow, steps, and the FAQ's "What is Veo 3?".
      expect(branded.length).toBeGreaterThanOrEqual(6);
      expect(branded.filter((text) => /Veo 3/.test(text))).toEqual([]);
      expect(branded.filter((text) => text.includes('Studio') && !text.includes(`${VEO}\u00a0Studio`))).toEqual([]);
    },
  );

  it("puts the community's most viewed videos among the posts, in place, and links the community gallery", async () => {
    community = [communityVideo('a'.repeat(22), 1234, 'a fox in the snow'), communityVideo('b'.repeat(22), 1, null)];
    renderHome();
    const gallery = document.getElementById('showcase')!;
    expect(within(gallery).getByRole('link', { name: 'See the community gallery' })).toHaveAttribute(
      'href',
      '/explore',
    );
    expect(within(gallery).getAllByTestId('showcase-card')).toHaveLength(8);

    const cards = await within(gallery).findAllByTestId('community-card');
    expect(cards).toHaveLength(2);
    expect(globalThis.fetch).toHaveBeenCalledWith('/api/gallery?sort=popular&limit=12', expect.anything());
    // Still 8 cards: the posts first, each community video after one of them.
    const slots = gallery.querySelectorAll('.shell-home__gallery-grid > li');
    expect(slots).toHaveLength(8);
    expect(slots[1]!.querySelector('[data-testid="community-card"]')).toBe(cards[0]);
    expect(within(cards[0]!).getByRole('link', { name: /a fox in the snow/ })).toHaveAttribute(
      'href',
      `/v/${'a'.repeat(22)}`,
    );
    expect(cards[0]).toHaveTextContent('1,234 views');
    expect(cards[1]).toHaveTextContent('Anonymous');
    expect(within(cards[1]!).getByRole('link', { name: /A video by Anonymous/ })).toBeInTheDocument();
  });

  it('keeps the posts alone when the community cannot be read', async () => {
    globalThis.fetch = jest.fn(async () => jsonResponse({ success: false, message: 'down', code: 'X' }, 503));
    renderHome();
    await act(async () => undefined);
    expect(screen.queryAllByTestId('community-card')).toEqual([]);
    expect(screen.getAllByTestId('showcase-card')).toHaveLength(8);
  });
});
