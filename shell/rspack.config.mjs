import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { rspack } from '@rspack/core';
import { createAppConfig } from '../scripts/rspack-app.mjs';

export default (_env, argv) => {
  const config = createAppConfig({
    mode: argv?.mode ?? 'production',
    dir: dirname(fileURLToPath(import.meta.url)),
    name: 'shell',
    devPort: 3100,
  });
  // The service worker (browser notifications) as it is, at the dist's root: the server serves it at /sw.js.
  config.plugins.push(new rspack.CopyRspackPlugin({ patterns: [{ from: 'src/service-worker/sw.js', to: 'sw.js' }] }));
  return config;
};
