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

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Renders `element` at `url` (matched by each of `paths`) with a fresh QueryClient (or `client`), as
 * the shell does, plus a probe showing the current location, so tests can see where the page navigated.
 */
export function renderRoute(paths: string | string[], url: string, element: ReactElement, client = testQueryClient()) {
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          {[paths].flat().map((path) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}
