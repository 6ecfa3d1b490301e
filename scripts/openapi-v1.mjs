// The developer API's OpenAPI document (what GET /v1/openapi.json serves), built from the contract
// (V1_ROUTES) without a server: compiled from contracts/src into node_modules/.cache, written to a
// file, and with --lint checked by Redocly's recommended rules (redocly.yaml), warnings failing too.
//   node scripts/openapi-v1.mjs [--lint] [--out <file>]      (npm run lint:openapi)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const cache = join(root, 'node_modules', '.cache', 'openapi-v1');
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = resolve(outAt >= 0 ? args[outAt + 1] : join(cache, 'openapi.json'));

/** Runs a Node CLI of the repository's own; exits with its status when it fails. */
function run(script, cliArgs, env = {}) {
  const result = spawnSync(process.execPath, [script, ...cliArgs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The contract as CommonJS, apart from contracts/dist (the service's build), beside the root's node_modules.
const build = join(cache, 'contracts');
rmSync(build, { recursive: true, force: true });
run(require.resolve('typescript/bin/tsc'), ['-p', 'contracts/tsconfig.build.json', '--outDir', build]);
const { buildV1OpenApi } = require(join(build, 'public-api-openapi.js'));
const { version } = JSON.parse(readFileSync(join(root, 'contracts', 'package.json'), 'utf8'));
// The production site's address (SITE_URL there) and SUPPORT_EMAIL's default.
const document = buildV1OpenApi({ siteUrl: 'https://veo3.studio', version, contactEmail: 'support@veo3.studio' });
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${relative(root, out)}`);

if (args.includes('--lint')) {
  // Nothing leaves the machine: no telemetry, no update check.
  const redocly = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  run(redocly, ['lint', '--max-problems=200', out], {
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  });
}
