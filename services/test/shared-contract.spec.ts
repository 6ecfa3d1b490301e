import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findContractBreaks, type SharedContract } from '../../scripts/shared-contract.mjs';

const root = resolve(__dirname, '..', '..');
const installedReact = JSON.parse(readFileSync(join(root, 'node_modules', 'react', 'package.json'), 'utf8')).version;

const shell: SharedContract['shell'] = {
  name: 'shell',
  provides: {
    react: { version: '19.3.1', declared: '^19.3.1' },
    'react-dom': { version: '19.3.1', declared: '^19.3.1' },
    '@veo3/platform/i18n/i18n': { version: '0.1.0' },
  },
};
const wants = (pkg: string, range: string, singleton = true) => ({
  pkg,
  range,
  singleton,
  source: 'mfe-blog/package.json',
});

describe('shared-package contract', () => {
  it('fails a remote that wants react ^18 against a shell providing 19, naming both sides', () => {
    const breaks = findContractBreaks({
      shell,
      remotes: [{ name: 'mfe-blog', requires: [wants('react', '^18.2.0')] }],
    });
    expect(breaks).toEqual([
      {
        remote: 'mfe-blog',
        pkg: 'react',
        required: '^18.2.0',
        source: 'mfe-blog/package.json',
        provided: '19.3.1',
        message:
          'mfe-blog requires react ^18.2.0 (mfe-blog/package.json), but shell provides 19.3.1 (declares ^19.3.1)',
      },
    ]);
  });

  it('passes remotes whose ranges accept what the shell provides', () => {
    const requires = [
      wants('react', '^19.0.0'),
      wants('react-dom', '>=19.1 <20'),
      wants('@veo3/platform/i18n/i18n', '0.1.0'),
    ];
    expect(findContractBreaks({ shell, remotes: [{ name: 'mfe-billing', requires }] })).toEqual([]);
  });

  it('fails a singleton the shell does not provide and a range that is not semver; ignores non-singletons', () => {
    const requires = [wants('zustand', '^5.0.0'), wants('react-dom', 'latest-ish'), wants('lodash', '^3.0.0', false)];
    const breaks = findContractBreaks({ shell, remotes: [{ name: 'mfe-generator', requires }] });
    expect(breaks.map((b) => b.message)).toEqual([
      'mfe-generator shares zustand as a singleton (^5.0.0, mfe-blog/package.json), but shell does not provide it',
      'mfe-generator requires react-dom "latest-ish" (mfe-blog/package.json), which is not a semver range; shell provides 19.3.1 (declares ^19.3.1)',
    ]);
  });

  it('fails a remote that needs a newer minor than the shell provides (upgrade the shell first)', () => {
    const breaks = findContractBreaks({
      shell,
      remotes: [{ name: 'mfe-blog', requires: [wants('react', '^19.4.0')] }],
    });
    expect(breaks.map((b) => [b.pkg, b.required, b.provided])).toEqual([['react', '^19.4.0', '19.3.1']]);
  });
});

describe('scripts/check-shared-contract.mjs on this tree', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [join(root, 'scripts', 'check-shared-contract.mjs'), ...args], {
      cwd: root,
      encoding: 'utf8',
    });

  it('passes the shell and the five remotes as they are', () => {
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`5 remotes accept the shell's versions (react ${installedReact})`);
  });

  it('fails CI for a release built against react 18, naming the remote, the package and both versions', () => {
    const dir = mkdtempSync(join(tmpdir(), 'veo3-contract-'));
    try {
      const manifest = join(dir, 'mf-manifest.json');
      writeFileSync(
        manifest,
        JSON.stringify({
          metaData: { name: 'blog', buildInfo: { buildName: 'mfe-blog' } },
          shared: [
            { name: 'react', version: '18.3.1', requiredVersion: '^18.2.0', singleton: true },
            { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.0.0', singleton: true },
          ],
        }),
      );
      const result = run('--manifest', manifest);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `mfe-blog requires react ^18.2.0 (${manifest}), but shell provides ${installedReact} (declares `,
      );
      expect(result.stderr).not.toContain('react-dom');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a manifest that does not exist, with usage exit code 2', () => {
    const result = run('--manifest', join(tmpdir(), 'no-such-release', 'mf-manifest.json'));
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('no such manifest');
  });
});
