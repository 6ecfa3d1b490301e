import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPO_ROOT = join(__dirname, '..', '..');
const BENCH_DIRS = ['services/bench', 'e2e/bench'];

// The bench tsconfigs check only files that opt in (checkJs stays off, so the build scripts they
// import are not checked): a bench file without the line would silently go unchecked by `tsc -b`.
describe('bench scripts', () => {
  it('each opt in to the type checker with // @ts-check on their first line', () => {
    const files = BENCH_DIRS.flatMap((dir) =>
      readdirSync(join(REPO_ROOT, dir))
        .filter((name) => name.endsWith('.mjs'))
        .map((name) => join(dir, name)),
    );
    expect(files.length).toBeGreaterThan(10);
    const unchecked = files.filter((file) => !readFileSync(join(REPO_ROOT, file), 'utf8').startsWith('// @ts-check\n'));
    expect(unchecked).toEqual([]);
  });
});
