// `npm run contract:release`: writes the current API contract (contracts/src/routes.ts and the task
// events of contracts/src/events.ts, as JSON Schema) to contracts/released/v<major>.json, the file
// `npm run test:unit` checks newer contracts against (contracts/src/compat.spec.ts). Run it when a contract version ships; after a breaking change, raise
// the major version in contracts/package.json first, so the old release stays as it was.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './build-lib.mjs';

const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const result = spawnSync(
  process.execPath,
  [jest, '--selectProjects', 'contracts', '--runTestsByPath', join(root, 'contracts', 'src', 'compat.spec.ts')],
  { stdio: 'inherit', cwd: root, env: { ...process.env, CONTRACT_RELEASE: '1' } },
);
process.exit(result.status ?? 1);
