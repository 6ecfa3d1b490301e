// `npm run dev`: the whole site on http://localhost:3000 with every part rebuilt on change.
// The services restart on change; frontends rebuild into their dist folders (refresh the page).
// To work on one remote alone, use `npm run dev -w mfe-<name>` instead (its own page on port 310x).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build, FRONTENDS, root } from './build-lib.mjs';

if (!existsSync(join(root, 'services', 'dist', 'main.js'))) await build({ parts: ['services'] });

const bin = (name) => join(root, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsc'), ['-w', '--preserveWatchOutput', '-p', 'services/tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  }),
  ...FRONTENDS.map((dir) =>
    spawn(bin('rspack'), ['build', '--watch', '--mode', 'development'], { cwd: join(root, dir), stdio: 'inherit' }),
  ),
  spawn(process.execPath, ['--watch', 'services/dist/main.js'], { cwd: root, stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
