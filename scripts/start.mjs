// `npm start`: build whatever is not built (or is older than its sources), then serve the site.
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { build, root } from './build-lib.mjs';

await build({ onlyStale: true });
// NODE_ENV stays as given: the embedded default (dev sign-in, generated JWT secret) is not a production setup.
const server = spawn(process.execPath, [join(root, 'services', 'dist', 'main.js')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
