import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import EffectPage from '../effects/effect-page';
import EffectsPage from '../effects/effects-page';

/** Where the router is, for a test to read: `data-testid="location"`. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** The effects' pages at `url`, as the shell mounts them, with a fresh query cache and no retries. */
export function renderEffectsAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/video-effects" element={<EffectsPage />} />
          <Route path="/effects/:slug" element={<EffectPage />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
