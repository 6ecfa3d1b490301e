import { build, PARTS } from './build-lib.mjs';

// `npm run build` rebuilds everything; `npm run build -- shell mfe-blog` only those parts.
const parts = process.argv.slice(2).filter((a) => !a.startsWith('-'));
await build({ parts: parts.length ? parts : PARTS });
