/**
 * @jest-environment node
 */
import { V1_ROUTES, problemAnchor, type V1Route } from '@veo3/contracts/public-api';
import { setRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { initLanguage } from '@veo3/platform/i18n/i18n';
import { renderStatic } from '@veo3/platform/server/prerender-page';
import { operationAnchor } from './api-reference';
import { DevelopersPage } from './developers-page';

// As scripts/prerender.mjs renders it at build time: readers and crawlers without JavaScript get all of it.
describe('DevelopersPage rendered at build time', () => {
  beforeAll(() =>
    setRuntimeConfig({
      siteUrl: '__VEO3_SITE_URL__',
      remotes: {} as never,
      gaMeasurementId: null,
      googleClientId: null,
      devLogin: true,
      supportEmail: '',
      serviceEmail: '',
    }),
  );

  it.each(['en', 'zh-CN'] as const)('holds the whole reference in %s', async (lang) => {
    initLanguage(lang);
    const { body } = await renderStatic(<DevelopersPage />, '/developers');
    expect(body).toContain(lang === 'en' ? '>Veo 3 Studio API</h1>' : '>快速开始</h2>');
    for (const route of V1_ROUTES as readonly V1Route[])
      expect(body).toContain(`id="${operationAnchor(route.operationId)}"`);
    expect(body).toContain(`id="${problemAnchor('API_KEYS_INVALID')}"`);
    // The site's address is a token the server fills in (services/src/site/prerendered-pages.ts).
    expect(body).toContain('__VEO3_SITE_URL__/mcp');
  });
});
