import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { HomePage } from './home-page';

function renderHome() {
  return render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

afterEach(() => act(() => setLanguage('en', { remember: false })));

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
});
