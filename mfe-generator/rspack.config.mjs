import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { createAppConfig } from '../scripts/rspack-app.mjs';

export default (_env, argv) =>
  createAppConfig({
    mode: argv?.mode ?? 'production',
    dir: dirname(fileURLToPath(import.meta.url)),
    name: 'generator',
    devPort: 3101,
    exposes: {
      './generator-page': './src/generator/generator-route.tsx',
      './history-page': './src/history/history-page.tsx',
      './effects-page': './src/effects/effects-route.tsx',
      './effect-page': './src/effects/effect-route.tsx',
    },
  });
