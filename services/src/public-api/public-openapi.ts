import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { buildV1OpenApi } from '@veo3/contracts/public-api-openapi';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

/** The contract's version: contracts/package.json, beside the build (dist) or the source (tests) the service loaded. */
function contractVersion(): string {
  const root = join(dirname(require.resolve('@veo3/contracts/public-api')), '..');
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/** GET /v1/openapi.json: built once from V1_ROUTES with this site's URL. */
@Injectable()
export class PublicOpenApi {
  private built: Record<string, unknown> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  document(): Record<string, unknown> {
    this.built ??= buildV1OpenApi({
      siteUrl: this.config.siteUrl,
      version: contractVersion(),
      contactEmail: this.config.supportEmail,
    });
    return this.built;
  }
}
