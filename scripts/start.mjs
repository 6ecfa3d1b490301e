// `npm start`: build whatever is not built (or is older than its sources), then serve the site.
// Ctrl-C or SIGTERM stops the build (its tsc too) or the server, and this script with it.
import './node-check.mjs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './build-lib.mjs';
import { superviseChildren } from './supervise.mjs';

const children = superviseChildren();

// The build runs in a process group of its own, so that a stop signal reaches the tsc it waits for.
const buildLib = pathToFileURL(join(root, 'scripts', 'build-lib.mjs')).href;
const built = await children.run(
  process.execPath,
  ['--input-type=module', '-e', `import { build } from '${buildLib}';\nawait build({ onlyStale: true });`],
  { cwd: root, group: true },
);
if (built.code !== 0 || children.stopSignal) children.exitLike(built);
else {
  // NODE_ENV stays as given: the embedded default (dev sign-in, generated JWT secret) is not a production setup.
  children.exitLike(await children.run(process.execPath, [join(root, 'services', 'dist', 'main.js')]));
}
