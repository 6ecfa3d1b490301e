// `node scripts/publish-release.mjs <name> <folder> [--releases <dir>]`: publishes a build made
// elsewhere (`build.mjs <remote> --out <folder>`) as a release of <name> (generator, billing, blog,
// blog-admin, admin) in the releases folder (the tree's `releases/` unless given), makes it current and prunes
// past REMOTE_RETENTION, as `npm run build` does with its own builds.
// `node scripts/publish-release.mjs <name> --carry <folder> [--releases <dir>]` instead takes over the
// releases published in <folder> (the previous static image's /mfe/<name>/), so the next build keeps them.
import { join } from 'node:path';
import { root } from './build-lib.mjs';
import { carryReleases, parseRetention, publishRelease } from './remote-releases.mjs';

const args = process.argv.slice(2);
const option = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const releasesDir = option('--releases') ?? join(root, 'releases');
const carry = option('--carry');
const [name, from] = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!name || !/^[a-z][a-z-]*$/.test(name) || !(carry ?? from)) {
  console.error('usage: node scripts/publish-release.mjs <name> (<folder> | --carry <folder>) [--releases <dir>]');
  process.exit(2);
}
try {
  if (carry) {
    const carried = carryReleases({ from: carry, releasesDir, name });
    console.error(
      `carried ${carried.length} earlier release(s) of ${name}${carried.length ? `: ${carried.join(', ')}` : ''}`,
    );
  } else {
    const retention = parseRetention(process.env.REMOTE_RETENTION || undefined);
    const { id, published, pruned } = publishRelease({ releasesDir, name, from, retention });
    const removed = pruned.length ? ` (pruned ${pruned.join(', ')})` : '';
    console.error(published ? `published ${name} release ${id}${removed}` : `${name} release ${id} is current already`);
    // The id alone on stdout, for scripts: the remote map names it.
    console.log(id);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
