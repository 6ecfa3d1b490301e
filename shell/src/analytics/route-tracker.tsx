import { useEffect } from 'react';
import { useLocation } from '@veo3/platform/routing/router';
import { trackPageView } from '@veo3/platform/analytics/analytics';

/** One page view per route change (SPEC §2), after the page has set its title. */
export function RouteTracker() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const id = setTimeout(() => trackPageView(pathname + search), 0);
    return () => clearTimeout(id);
  }, [pathname, search]);
  return null;
}
