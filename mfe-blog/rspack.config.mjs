import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { createAppConfig } from '../scripts/rspack-app.mjs';

export default (_env, argv) =>
  createAppConfig({
    mode: argv?.mode ?? 'production',
    dir: dirname(fileURLToPath(import.meta.url)),
    name: 'blog',
    devPort: 3103,
    exposes: {
      './blog-list-page': './src/list/blog-list-page.tsx',
      './blog-post-page': './src/post/blog-post-page.tsx',
    },
  });
