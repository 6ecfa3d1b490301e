import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { serverEntry } from '../support/site-server';

test('a bad configuration value stops boot with a clear message', () => {
  const result = spawnSync(process.execPath, [serverEntry], {
    env: { ...process.env, PORT: 'not-a-port', VIDEO_PROVIDER: 'sora' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('Invalid configuration');
  expect(result.stderr).toMatch(/PORT: /);
  expect(result.stderr).toMatch(/VIDEO_PROVIDER: /);
});

test('the built site serves compressed, cacheable assets and uncached entry points', async ({ request, baseURL }) => {
  const html = await (await request.get('/')).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(`${baseURL}${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('gzip');
  const manifest = await request.get('/mfe/generator/mf-manifest.json');
  expect(manifest.headers()['cache-control']).toBe('no-store');
  expect((await manifest.json()).name).toBe('generator');
});
