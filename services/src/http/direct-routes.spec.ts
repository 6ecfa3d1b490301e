import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Type } from '@nestjs/common';
import { CONTROLLER_WATERMARK } from '@nestjs/common/constants';
import { directRoutePaths } from './direct-route';

/** Every controller class exported by a `*.controller.ts` file under services/src. */
function controllers(): Type[] {
  const root = join(__dirname, '..');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.controller.ts'));
  return files.flatMap((file) =>
    Object.values(require(join(root, file)) as Record<string, unknown>).filter(
      (value): value is Type =>
        typeof value === 'function' && Reflect.getMetadata(CONTROLLER_WATERMARK, value) === true,
    ),
  );
}

// A direct route skips Nest's per-request pipeline (docs/ARCHITECTURE.md §10): GET only, for reads
// polled by signed-in pages or a bench target. Adding one fails here until it is listed.
describe('direct routes', () => {
  it('are exactly these', () => {
    expect(directRoutePaths(controllers()).sort()).toEqual([
      '/api/credits/balance',
      '/api/health',
      '/api/health/live',
      '/api/health/ready',
      '/api/video/status/:taskId',
    ]);
  });
});
