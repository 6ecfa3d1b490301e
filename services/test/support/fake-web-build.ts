import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A minimal built site (shell index.html with its markers, one hashed asset, one remote) for serving tests. */
export function createFakeWebBuild(): string {
  const web = mkdtempSync(join(tmpdir(), 'veo3-web-'));
  const file = (path: string, content: string) => {
    mkdirSync(join(web, path, '..'), { recursive: true });
    writeFileSync(join(web, path), content);
  };
  file(
    'shell/dist/index.html',
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--><script defer src="/assets/main.0123456789.js"></script></head><body><div id="root"></div><!--app-config--></body></html>',
  );
  file('shell/dist/assets/main.0123456789.js', 'console.log("shell");');
  file('mfe-generator/dist/mf-manifest.json', '{"id":"generator"}');
  file('mfe-generator/dist/remoteEntry.js', 'var generator;');
  file('mfe-generator/dist/assets/page.abcdef1234.js', 'export {};');
  return web;
}
