import type { ReactElement } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AsmrVideoPage } from './asmr-video-page';
import { FrenchKissingPage } from './french-kissing-page';

function renderRoute(page: ReactElement) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

describe('FrenchKissingPage', () => {
  it('introduces the effect and calls visitors to the effect page', () => {
    renderRoute(<FrenchKissingPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('AI French Kissing Video Generator');
    expect(document.title).toBe('AI French Kissing Video Generator | Veo 3 Studio');
    expect(screen.getByRole('link', { name: 'Create a Kissing Video' })).toHaveAttribute(
      'href',
      '/effects/ai-french-kissing',
    );
    expect(screen.getByRole('link', { name: 'Start Creating' })).toHaveAttribute('href', '/effects/ai-french-kissing');
  });

  it('has an FAQ whose answers open on demand', () => {
    renderRoute(<FrenchKissingPage />);
    const question = screen.getByRole('button', { name: 'Can I use a photo of someone else?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Only if everyone in the photo is an adult/)).toBeVisible();
  });
});

describe('AsmrVideoPage', () => {
  it('shows three example videos with sound controls and their prompts', () => {
    renderRoute(<AsmrVideoPage />);
    const examples = within(screen.getByRole('region', { name: 'Three ASMR Ideas to Start From' })).getAllByRole(
      'figure',
    );
    expect(examples).toHaveLength(3);
    const sources = examples.map((figure) => {
      const video = figure.querySelector('video')!;
      expect(video.controls).toBe(true);
      expect(within(figure).getByText('Prompt')).toBeInTheDocument();
      return video.getAttribute('src');
    });
    expect(sources).toEqual(['asmr-crystal.mp4', 'asmr-rain.mp4', 'asmr-sand.mp4']);
  });

  it('has one main heading and links to the effect page', () => {
    renderRoute(<AsmrVideoPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('AI ASMR Video Generator | Veo 3 Studio');
    expect(screen.getByRole('link', { name: 'Create an ASMR Video' })).toHaveAttribute('href', '/effects/asmr-video');
  });
});
