import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '@veo3/platform/api/api-client';
import { useLanguage } from '@veo3/platform/i18n/i18n';
import { getRemotePlaceholder, REMOTE_SLOT, setRemotePlaceholder } from '../../remotes/remote-placeholder';

/**
 * A page the service tier makes whole (a shared video's, `/v/<id>`): the layout around the server's
 * HTML, kept exactly as sent (it works without JavaScript: its video plays, its links are plain
 * links). Reached by a link inside the app, or in another language, the page comes from the server
 * again. A shared video's page reports one view once it runs (link previews and crawlers run no script).
 */
export function ServerPage() {
  const [html] = useState(() => (typeof window === 'undefined' ? REMOTE_SLOT : getRemotePlaceholder()));
  const lang = useLanguage();
  const shownIn = useRef(lang);
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (html === undefined) {
      window.location.reload();
      return;
    }
    setRemotePlaceholder(undefined);
    const shared = content.current?.querySelector('[data-share-view]')?.getAttribute('data-share-view');
    if (shared)
      void apiRequest('POST /api/share/:id/view', { params: { id: shared }, identity: 'bearer' }).catch(
        () => undefined,
      );
  }, [html]);

  useEffect(() => {
    if (lang === shownIn.current) return;
    const url = new URL(window.location.href);
    url.searchParams.set('lang', lang);
    window.location.replace(url.toString());
  }, [lang]);

  if (html === undefined) return null;
  return (
    <div className="shell-remote-placeholder" data-remote-placeholder="server">
      {/* The server's own markup (the site's slot, filled from escaped text by services/src/sharing). */}
      <div ref={content} className="shell-remote-placeholder__content" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
