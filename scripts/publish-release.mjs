// `node scripts/publish-release.mjs <name> <folder> [--releases <dir>]`: publishes a build made
// elsewhere (`build.mjs <remote> --out <folder>`) as a release of <name> (generator, billing, blog,
// blog-admin) in the releases folder (the tree's `releases/` unless given), makes it current and prunes
// past REMOTE_RETENTION, as `npm run build` does with its own builds.
import { join } from 'node:path';
import { root } from './build-lib.mjs';
import { parseRetention, publishRelease } from './remote-releases.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--releases');
const releasesDir = at === -1 ? join(root, 'releases') : args[at + 1];
const [name, from] = args.filter((_, i) => at === -1 || (i !== at && i !== at + 1));
if (!name || !from || !releasesDir || !/^[a-z][a-z-]*$/.test(name)) {
  console.error('usage: node scripts/publish-release.mjs <name> <folder> [--releases <dir>]');
  process.exit(2);
}
try {
  const retention = parseRetention(process.env.REMOTE_RETENTION || undefined);
  const { id, published, pruned } = publishRelease({ releasesDir, name, from, retention });
  const removed = pruned.length ? ` (pruned ${pruned.join(', ')})` : '';
  console.error(published ? `published ${name} release ${id}${removed}` : `${name} release ${id} is current already`);
  // The id alone on stdout, for scripts: the remote map names it.
  console.log(id);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
