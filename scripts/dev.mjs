// `npm run dev`: the whole site on http://localhost:3000 with every part rebuilt on change.
// The services restart on change; frontends rebuild into their dist folders (refresh the page).
// To work on one remote alone, use `npm run dev -w mfe-<name>` instead (its own page on port 310x).
// Ctrl-C or SIGTERM stops every watcher and the server, and this script once they are gone.
import './node-check.mjs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FRONTENDS, root } from './build-lib.mjs';
import { superviseChildren } from './supervise.mjs';

const children = superviseChildren();

if (!existsSync(join(root, 'services', 'dist', 'main.js'))) {
  const buildLib = pathToFileURL(join(root, 'scripts', 'build-lib.mjs')).href;
  const built = await children.run(
    process.execPath,
    ['--input-type=module', '-e', `import { build } from '${buildLib}';\nawait build({ parts: ['services'] });`],
    { cwd: root, group: true },
  );
  if (built.code !== 0 || children.stopSignal) children.exitLike(built);
}

if (!children.stopSignal) {
  const bin = (name) => join(root, 'node_modules', '.bin', name);
  // Each in a group of its own: `node --watch` and the CLIs start processes of their own.
  const exits = await Promise.all([
    children.run(bin('tsc'), ['-w', '--preserveWatchOutput', '-p', 'services/tsconfig.build.json'], {
      cwd: root,
      group: true,
    }),
    ...FRONTENDS.map((dir) =>
      children.run(bin('rspack'), ['build', '--watch', '--mode', 'development'], {
        cwd: join(root, dir),
        group: true,
      }),
    ),
    children.run(process.execPath, ['--watch', 'services/dist/main.js'], { cwd: root, group: true }),
  ]);
  children.exitLike(exits.find((exit) => exit.code) ?? exits[0]);
}
