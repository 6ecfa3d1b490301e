import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { serverRoutes, ServerPage, setServerPageHtml } from './server-page';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {serverRoutes.map((route) => (
          <Route key={route} path={route} element={<ServerPage />} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}

describe('ServerPage', () => {
  afterEach(() => setServerPageHtml(undefined));

  it('keeps the HTML the server made for the address the document was loaded at', () => {
    window.history.replaceState(null, '', '/explore?sort=popular');
    setServerPageHtml('<h1>Community gallery</h1><a href="/v/abc">A video</a>');
    const { container } = renderAt('/explore?sort=popular');
    const page = container.querySelector('[data-server-page]')!;
    expect(page.innerHTML).toBe('<h1>Community gallery</h1><a href="/v/abc">A video</a>');
  });

  it('shows nothing of another address (the browser loads that one from the server)', () => {
    window.history.replaceState(null, '', '/explore');
    setServerPageHtml('<h1>Community gallery</h1>');
    const { container } = renderAt('/v/abc/report');
    expect(container.querySelector('[data-server-page]')).toBeNull();
  });
});
