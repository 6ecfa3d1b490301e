import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@veo3/platform/routing/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { getQueryClient } from '@veo3/platform/query/query-client';
import { getLanguage } from '@veo3/platform/i18n/i18n';
import { App } from './app';
import '@veo3/platform/ui/ui.css';
import './styles/global.css';

document.documentElement.lang = getLanguage();

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={getQueryClient()}>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </QueryClientProvider>,
);
