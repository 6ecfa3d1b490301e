import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import HistoryPage from './history-page';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/video-history']}>
      <HistoryPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  act(() => {
    sessionStore.restore();
  });
});

describe('HistoryPage', () => {
  it('signed out: shows the heading and a Login Now link', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Video History');
    expect(screen.getByRole('link', { name: 'Login Now' }).getAttribute('href')).toBe('/login');
    expect(document.title).toBe('Video History | Veo 3 Studio');
  });

  it('signed in: shows the empty state with a way to the generator', () => {
    signInForTest({ credits: 12 });
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Video History');
    expect(screen.getByRole('heading', { name: 'No videos yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first video' }).getAttribute('href')).toBe(
      '/text-to-veo3-video?type=text',
    );
    expect(screen.queryByRole('link', { name: 'Login Now' })).toBeNull();
  });
});
