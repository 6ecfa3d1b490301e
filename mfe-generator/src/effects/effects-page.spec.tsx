import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { jsonResponse } from '@veo3/platform/testing/test-session';
import { asmrEffect, kissingEffect } from '../testing/effect-fixture';
import { renderEffectsAt } from '../testing/render-effects';

/** A device that hovers (or not), with reduced motion asked for (or not). */
function device({ hover, reducedMotion = false }: { hover: boolean; reducedMotion?: boolean }) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: query === '(hover: hover)' ? hover : query === '(prefers-reduced-motion: reduce)' ? reducedMotion : false,
  })) as unknown as typeof window.matchMedia;
}

const play = jest.fn(() => Promise.resolve());
let effectsReply: () => Response;

beforeAll(() => {
  HTMLMediaElement.prototype.play = play;
});

beforeEach(() => {
  setLanguage('en');
  play.mockClear();
  device({ hover: true });
  effectsReply = () => jsonResponse({ success: true, data: { items: [kissingEffect, asmrEffect] } });
  globalThis.fetch = jest.fn(async (url: string) => {
    if (url === '/api/effects') return effectsReply();
    throw new Error(`unexpected ${url}`);
  }) as jest.Mock;
});

const chips = () => within(screen.getByRole('navigation', { name: 'Effect categories' })).getAllByRole('link');
const cards = () => screen.queryAllByRole('link', { name: /credits/ });
const location = () => screen.getByTestId('location').textContent;

describe('EffectsPage', () => {
  it('offers All and the eight categories, and lists every effect as a link to its page', async () => {
    renderEffectsAt('/video-effects');

    expect(await screen.findByRole('link', { name: /AI French Kissing/ })).toHaveAttribute(
      'href',
      '/effects/ai-french-kissing',
    );
    expect(screen.getByRole('link', { name: /ASMR Video/ })).toHaveAttribute('href', '/effects/asmr-video');
    expect(chips().map((chip) => chip.textContent)).toEqual([
      'All',
      'Interaction',
      'Appearance',
      'Emotions',
      'Entertainment',
      'Hero/Villain',
      'Horror/Fantasy',
      'Xmas',
      'Others',
    ]);
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByRole('link', { name: /AI French Kissing/ })).getByText('Hot')).toBeInTheDocument();
    expect(document.title).toBe('AI Video Effects & Templates | Veo 3 Studio');
  });

  it('filters the cards by the chosen chip and puts the choice in the address', async () => {
    renderEffectsAt('/video-effects');
    await screen.findByRole('link', { name: /ASMR Video/ });

    fireEvent.click(screen.getByRole('link', { name: 'Interaction' }));

    expect(location()).toBe('/video-effects?category=interaction');
    expect(screen.getByRole('link', { name: 'Interaction' })).toHaveAttribute('aria-current', 'page');
    expect(cards().map((card) => card.getAttribute('href'))).toEqual(['/effects/ai-french-kissing']);

    fireEvent.click(screen.getByRole('link', { name: 'Xmas' }));
    expect(cards()).toHaveLength(0);
    expect(screen.getByText(/No effects in this category yet/)).toBeInTheDocument();
  });

  it('opens filtered from a linked address', async () => {
    renderEffectsAt('/video-effects?category=others');

    expect(await screen.findByRole('link', { name: /ASMR Video/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /AI French Kissing/ })).not.toBeInTheDocument();
  });

  it('says when the effects cannot be loaded, and Retry loads them', async () => {
    effectsReply = () => jsonResponse({ success: false, message: 'down', code: 'X' }, 503);
    renderEffectsAt('/video-effects');

    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('alert')).toHaveTextContent('The effects could not be loaded.');
    effectsReply = () => jsonResponse({ success: true, data: { items: [asmrEffect] } });
    fireEvent.click(retry);

    expect(await screen.findByRole('link', { name: /ASMR Video/ })).toBeInTheDocument();
  });

  it('plays a card’s sample, muted and looping, on hover and on keyboard focus, and shows the poster again after', async () => {
    renderEffectsAt('/video-effects');
    const card = await screen.findByRole('link', { name: /AI French Kissing/ });

    fireEvent.mouseEnter(card);
    const sample = within(card).getByTestId<HTMLVideoElement>('effect-sample');
    expect(sample).toHaveAttribute('src', '/effects/ai-french-kissing/sample.mp4');
    expect(sample.muted).toBe(true);
    expect(sample.loop).toBe(true);
    expect(sample).toHaveAttribute('playsinline');
    expect(play).toHaveBeenCalled();
    fireEvent.mouseLeave(card);
    expect(within(card).queryByTestId('effect-sample')).not.toBeInTheDocument();

    act(() => card.focus());
    expect(within(card).getByTestId('effect-sample')).toBeInTheDocument();
    act(() => card.blur());
    expect(within(card).queryByTestId('effect-sample')).not.toBeInTheDocument();
  });

  it('plays nothing on a touch screen nor when reduced motion is asked for', async () => {
    device({ hover: false });
    renderEffectsAt('/video-effects');
    const card = await screen.findByRole('link', { name: /AI French Kissing/ });
    fireEvent.mouseEnter(card);
    act(() => card.focus());
    expect(within(card).queryByTestId('effect-sample')).not.toBeInTheDocument();

    device({ hover: true, reducedMotion: true });
    fireEvent.mouseLeave(card);
    fireEvent.mouseEnter(card);
    expect(within(card).queryByTestId('effect-sample')).not.toBeInTheDocument();
    expect(play).not.toHaveBeenCalled();
  });

  it('speaks Chinese', async () => {
    setLanguage('zh-CN');
    renderEffectsAt('/video-effects');

    expect(await screen.findByRole('link', { name: /AI 法式接吻/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '互动' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /热门/ })).toBeInTheDocument();
  });
});
