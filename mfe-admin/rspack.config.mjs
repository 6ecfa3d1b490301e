import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { createAppConfig } from '../scripts/rspack-app.mjs';

export default (_env, argv) =>
  createAppConfig({
    mode: argv?.mode ?? 'production',
    dir: dirname(fileURLToPath(import.meta.url)),
    name: 'admin',
    devPort: 3105,
    exposes: { './admin-page': './src/console/admin-page.tsx' },
  });
