import { useEffect } from 'react';
import { getRuntimeConfig } from '@veo3/platform/config/runtime-config';

export const SITE_NAME = 'Veo 3 Studio';

/** Sets document.title and the canonical link (site address plus path) for a page (SPEC §2). */
export function usePageMeta(title: string, path: string, description?: string): void {
  useEffect(() => {
    document.title = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
    const href = `${getRuntimeConfig().siteUrl.replace(/\/$/, '')}${path}`;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = href;
    if (description) {
      let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, path, description]);
}
