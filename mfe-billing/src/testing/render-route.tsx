// Test helper for this remote's page specs (never bundled: only the exposed pages are).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// oxlint-disable-next-line no-restricted-imports -- MemoryRouter is for tests; pages import routing from platform.
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * Renders `element` at `url` (matched by `path`) with a fresh QueryClient, as the shell does; any
 * other path shows a probe with the location, so tests can see where the page navigated.
 */
export function renderRoute(path: string, url: string, element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}

/** jsdom has <dialog> without showModal/close; these open and close it as a browser would (without the top layer). */
export function installDialogPolyfill(): void {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
