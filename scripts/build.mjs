import { build, PARTS } from './build-lib.mjs';

// `npm run build` rebuilds everything; `npm run build -- shell mfe-blog` only those parts;
// `node scripts/build.mjs mfe-blog --out <dir>` one remote into another folder (a release of its own).
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const outDir = outAt === -1 ? undefined : args[outAt + 1];
if (outAt !== -1 && (!outDir || outDir.startsWith('-'))) {
  console.error('--out needs a folder: node scripts/build.mjs mfe-blog --out <dir>');
  process.exit(2);
}
const parts = args.filter((a, i) => !a.startsWith('-') && (outAt === -1 || i !== outAt + 1));
try {
  await build({ parts: parts.length ? parts : PARTS, outDir });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
