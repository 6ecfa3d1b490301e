import { readRepoFile } from './deploy-files';

/** `version` within a range of caret alternatives, as `engines` writes it (`^22.15 || ^24.11`). */
function satisfies(version: string, range: string): boolean {
  const [major, minor] = version.split('.').map(Number);
  return range.split('||').some((alternative) => {
    const found = /^\s*\^(\d+)\.(\d+)\s*$/.exec(alternative);
    if (!found) throw new Error(`engines alternative not understood: ${alternative}`);
    return major === Number(found[1]) && minor! >= Number(found[2]);
  });
}

/** One runtime everywhere: what `engines` allows is what CI runs and what the images are built on. */
describe('the Node runtime', () => {
  const engines = (JSON.parse(readRepoFile('package.json')) as { engines: { node: string } }).engines.node;
  const pinned = (file: string, name: string) => {
    const found = new RegExp(`^${name}=\\$\\{${name}:-([\\d.]+)\\}$|^${name}=([\\d.]+)$`, 'm').exec(readRepoFile(file));
    if (!found) throw new Error(`${file} pins no ${name}`);
    return found[1] ?? found[2]!;
  };
  const ciNode = pinned('.ci/run', 'CI_NODE_VERSION');
  const nextNode = pinned('scripts/test-lts.sh', 'LTS_NODE_VERSION');

  it("runs CI's main run on Node 22 and the suites again on Node 24, both within engines", () => {
    expect([ciNode.split('.')[0], nextNode.split('.')[0]]).toEqual(['22', '24']);
    expect(satisfies(ciNode, engines)).toBe(true);
    expect(satisfies(nextNode, engines)).toBe(true);
    // Node 20 is out of maintenance since April 2026: no longer allowed.
    expect(satisfies('20.20.2', engines)).toBe(false);
  });

  it('runs the service image with async context frames exactly where the base is Node 22 (Node 24 refuses the flag)', () => {
    const dockerfile = readRepoFile('Dockerfile');
    const major = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(dockerfile)?.[1];
    const flagged = /NODE_OPTIONS=--experimental-async-context-frame/.test(dockerfile);
    expect([major, flagged]).toEqual([major, major === '22']);
  });

  it("builds every image on CI's Node major", () => {
    for (const file of ['Dockerfile', 'docker/static.Dockerfile']) {
      const image = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(readRepoFile(file));
      expect([file, image?.[1]]).toEqual([file, ciNode.split('.')[0]]);
    }
  });
});
