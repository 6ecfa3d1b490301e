import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { VideoEffectsPage } from './video-effects-page';

function renderPage() {
  return render(
    <MemoryRouter>
      <VideoEffectsPage />
    </MemoryRouter>,
  );
}

const chipNames = [
  'All',
  'Interaction',
  'Appearance',
  'Emotions',
  'Entertainment',
  'Hero/Villain',
  'Horror/Fantasy',
  'Xmas',
  'Others',
];

describe('VideoEffectsPage', () => {
  it('lists the category chips as toggle buttons with All chosen', () => {
    renderPage();
    const chips = within(screen.getByRole('group', { name: 'Effect categories' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(chipNames);
    expect(chips.filter((chip) => chip.getAttribute('aria-pressed') === 'true').map((c) => c.textContent)).toEqual([
      'All',
    ]);
  });

  it('marks the chosen chip without changing the effects shown', () => {
    renderPage();
    const before = screen.getAllByRole('link').length;
    fireEvent.click(screen.getByRole('button', { name: 'Xmas' }));

    expect(screen.getByRole('button', { name: 'Xmas' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByRole('link')).toHaveLength(before);
  });

  it('links the effect cards to their landing pages with Hot and New badges', () => {
    renderPage();
    const kissing = screen.getByRole('link', { name: /AI French Kissing/ });
    expect(kissing).toHaveAttribute('href', '/ai-french-kissing');
    expect(within(kissing).getByText('Hot')).toBeInTheDocument();

    const asmr = screen.getByRole('link', { name: /ASMR Video/ });
    expect(asmr).toHaveAttribute('href', '/asmr-video');
    expect(within(asmr).getByText('New')).toBeInTheDocument();
  });

  it('has one main heading and sets the page title', () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Video Effects & Templates | Veo 3 Studio');
  });
});
