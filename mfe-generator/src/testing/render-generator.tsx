import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import GeneratorPage from '../generator/generator-page';

/** Where the router is, for a test to read: `data-testid="location"`, with how it got there. */
function LocationProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  return (
    <div data-testid="location" data-navigation={navigationType}>
      {location.pathname + location.search}
    </div>
  );
}

/** The generator page at `url`, as the shell mounts it, with a fresh query cache and no retries. */
export function renderGeneratorAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/text-to-veo3-video"
            element={
              <>
                <GeneratorPage />
                <LocationProbe />
              </>
            }
          />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
