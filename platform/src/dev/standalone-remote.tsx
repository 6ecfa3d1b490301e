import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from '@veo3/platform/routing/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { getQueryClient } from '@veo3/platform/query/query-client';
import { sessionStore } from '@veo3/platform/session/session-store';
import { taskEvents } from '@veo3/platform/events/task-events';
import '../styles/tokens.css';
import '../ui/ui.css';

export interface StandaloneRemoteOptions {
  name: string;
  routes: { path: string; element: ReactElement }[];
}

/**
 * Renders a remote's pages on their own (`npm run dev -w <remote>`), with the same
 * providers the shell gives them, against the API proxied from localhost:3000.
 */
export function StandaloneRemote({ name, routes }: StandaloneRemoteOptions): void {
  sessionStore.restore();
  taskEvents.start();
  createRoot(document.getElementById('root')!).render(
    <QueryClientProvider client={getQueryClient()}>
      <BrowserRouter>
        <nav
          style={{
            display: 'flex',
            gap: '1rem',
            padding: '1rem',
            borderBottom: '1px solid #333',
            fontFamily: 'system-ui',
          }}
        >
          <strong>{name} (standalone)</strong>
          {routes.map((r) => (
            <Link key={r.path} to={r.path.replace(/:\w+/g, 'example')}>
              {r.path}
            </Link>
          ))}
        </nav>
        <Routes>
          {routes.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
          <Route path="*" element={routes[0]?.element ?? null} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>,
  );
}
