import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Header } from './header';

function renderHeader() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey });

describe('Header keyboard use', () => {
  it('AI Tools: opening moves focus in, Tab cycles inside, Escape closes and returns focus', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: /AI Tools/ });
    fireEvent.click(toggle);
    const text = screen.getByRole('link', { name: /Text to Video/ });
    const image = screen.getByRole('link', { name: /Image to Video/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(text).toHaveFocus();

    fireEvent.keyDown(text, { key: 'ArrowDown' });
    expect(image).toHaveFocus();
    tab();
    expect(toggle).toHaveFocus();
    tab(true);
    expect(image).toHaveFocus();

    fireEvent.keyDown(image, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: /Text to Video/ })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('the mobile menu traps focus with its toggle and closes on Escape, focus back on the toggle', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    const menu = document.getElementById('shell-mobile-menu')!;
    const links = [...menu.querySelectorAll('a')];
    expect(links[0]).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Close menu' })).toBe(toggle);

    links[links.length - 1]!.focus();
    tab();
    expect(toggle).toHaveFocus();
    tab(true);
    expect(links[links.length - 1]).toHaveFocus();

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(document.getElementById('shell-mobile-menu')).toBeNull();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
