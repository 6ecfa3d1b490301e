import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { HomePage } from './home-page';

function renderHome() {
  return render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

describe('HomePage', () => {
  it('has one main heading and sets the page title and canonical link', () => {
    renderHome();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Veo 3 AI Video Generator with Realistic Sound | Veo 3 Studio');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/');
  });

  it('shows the gallery, key features, how-to steps and FAQ', () => {
    renderHome();
    expect(screen.getByRole('heading', { name: 'Explore Videos Created with Veo 3' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Key Features' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create a Veo 3 Video in Three Steps' })).toBeInTheDocument();
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
});
