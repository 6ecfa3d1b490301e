import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { Header } from './header';

function renderHeader(path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Header />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey });

const LANDING_PAGES = ['/video-effects', '/ai-french-kissing', '/asmr-video'];

afterEach(() => {
  act(() => {
    sessionStore.signOut();
    setLanguage('en', { remember: false });
  });
});

describe('Header keyboard use', () => {
  it('AI Tools: opening moves focus in, Tab cycles inside, Escape closes and returns focus', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: /AI Tools/ });
    fireEvent.click(toggle);
    const text = screen.getByRole('link', { name: /Text to Video/ });
    const image = screen.getByRole('link', { name: /Image to Video/ });
    const asmr = screen.getByRole('link', { name: /ASMR Video/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(text).toHaveFocus();

    fireEvent.keyDown(text, { key: 'ArrowDown' });
    expect(image).toHaveFocus();
    fireEvent.keyDown(image, { key: 'ArrowUp' });
    fireEvent.keyDown(text, { key: 'ArrowUp' });
    expect(asmr).toHaveFocus();
    tab();
    expect(toggle).toHaveFocus();
    tab(true);
    expect(asmr).toHaveFocus();

    fireEvent.keyDown(asmr, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: /Text to Video/ })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('the mobile menu traps focus with its toggle and closes on Escape, focus back on the toggle', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    const menu = document.getElementById('shell-mobile-menu')!;
    const entries = [...menu.querySelectorAll<HTMLElement>('a, select')];
    expect(entries[0]).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Close menu' })).toBe(toggle);

    entries[entries.length - 1]!.focus();
    tab();
    expect(toggle).toHaveFocus();
    tab(true);
    expect(entries[entries.length - 1]).toHaveFocus();

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(document.getElementById('shell-mobile-menu')).toBeNull();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('the account menu behaves as AI Tools: focus in, arrows and Tab cycle, Escape gives focus back to the avatar', () => {
    // The balance request stays pending: the menu does not depend on it.
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined));
    signInForTest({ name: 'Ann', email: 'ann@example.com' });
    renderHeader();
    const avatar = screen.getByRole('button', { name: 'Account menu for Ann' });
    fireEvent.click(avatar);
    const account = screen.getByRole('link', { name: 'Account' });
    const buy = screen.getByRole('link', { name: 'Buy credits' });
    const signOut = screen.getByRole('button', { name: 'Sign out' });
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    expect(account).toHaveAttribute('href', '/account');
    expect(account).toHaveFocus();

    fireEvent.keyDown(account, { key: 'ArrowDown' });
    expect(buy).toHaveFocus();
    fireEvent.keyDown(buy, { key: 'ArrowDown' });
    expect(signOut).toHaveFocus();
    fireEvent.keyDown(signOut, { key: 'ArrowDown' });
    expect(account).toHaveFocus();
    fireEvent.keyDown(account, { key: 'ArrowUp' });
    expect(signOut).toHaveFocus();
    tab();
    expect(avatar).toHaveFocus();
    tab(true);
    expect(signOut).toHaveFocus();

    fireEvent.keyDown(signOut, { key: 'Escape' });
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    expect(avatar).toHaveFocus();
  });
});

describe('AI Tools menu links', () => {
  it('are in the page while the menu is closed, hidden from view and from assistive technology', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: /AI Tools/ });
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(menu).not.toBeVisible();
    expect(menu).toHaveAttribute('hidden');
    expect(screen.queryAllByRole('link', { name: /Video Effects|French Kissing|ASMR/ })).toEqual([]);
    const hrefs = [...menu.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(LANDING_PAGES));

    fireEvent.click(toggle);
    expect(menu).toBeVisible();
    expect(within(menu).getByRole('link', { name: /Video Effects/ })).toHaveAttribute('href', '/video-effects');
    expect(within(menu).getByRole('link', { name: /AI French Kissing/ })).toHaveAttribute('href', '/ai-french-kissing');
    expect(within(menu).getByRole('link', { name: /ASMR Video/ })).toHaveAttribute('href', '/asmr-video');
  });

  it('choosing one closes the menu', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: /AI Tools/ });
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('link', { name: /ASMR Video/ }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /ASMR Video/ })).not.toBeInTheDocument();
  });

  it('are named in Chinese', () => {
    act(() => setLanguage('zh-CN', { remember: false }));
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: /AI 工具/ }));
    expect(screen.getByRole('link', { name: /视频特效/ })).toHaveAttribute('href', '/video-effects');
    expect(screen.getByRole('link', { name: /AI 法式接吻/ })).toHaveAttribute('href', '/ai-french-kissing');
    expect(screen.getByRole('link', { name: /ASMR 视频/ })).toHaveAttribute('href', '/asmr-video');
  });
});

describe('Header on a phone', () => {
  it('offers the language menu inside the mobile menu, where it switches the language', () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('shell-mobile-menu')!;
    fireEvent.change(within(menu).getByRole('combobox', { name: 'Language' }), { target: { value: 'zh-CN' } });
    expect(within(menu).getByRole('link', { name: '价格' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('button', { name: '关闭菜单' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('Header account area', () => {
  it('Login returns to the page it was clicked on, query included', () => {
    act(() => void sessionStore.restore());
    renderHeader('/text-to-veo3-video?type=image');
    const logins = screen.getAllByRole('link', { name: 'Login' });
    expect(logins[0]).toHaveAttribute('href', '/login?next=%2Ftext-to-veo3-video%3Ftype%3Dimage');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    for (const link of screen.getAllByRole('link', { name: 'Login' }))
      expect(link).toHaveAttribute('href', '/login?next=%2Ftext-to-veo3-video%3Ftype%3Dimage');
  });

  it('shows the stored balance as updating (busy, said aloud) until the server answers, grouped as 2,068 credits', async () => {
    let answer!: (r: Response) => void;
    globalThis.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    signInForTest({ id: 'u1', credits: 828 });
    renderHeader();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    const balance = screen.getByTestId('header-credits');
    expect(balance).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('link', { name: '828 credits (updating)' })).toBe(balance);
    await act(async () => answer(jsonResponse({ success: true, data: { total_credits: 2068, transactions: [] } })));
    expect(await screen.findByRole('link', { name: '2,068 credits' })).toBe(balance);
    expect(balance).not.toHaveAttribute('aria-busy');

    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('shell-mobile-menu')!;
    expect(within(menu).getByRole('link', { name: '2,068 credits' })).toHaveAttribute('href', '/credits');
    expect(within(menu).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  });

  it('writes the balance the Chinese way: 2,068 积分', async () => {
    globalThis.fetch = jest.fn(async () =>
      jsonResponse({ success: true, data: { total_credits: 2068, transactions: [] } }),
    );
    signInForTest({ id: 'u1', credits: 0 });
    act(() => setLanguage('zh-CN', { remember: false }));
    renderHeader();
    expect(await screen.findByRole('link', { name: '2,068 积分' })).toHaveAttribute('href', '/credits');
  });
});
