import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { V1Balance, V1ModelList } from '@veo3/contracts/public-api';
import type { ApiKeyIdentity } from '../api-keys/api-key-caller';
import { ApiKeyGuard } from '../api-keys/api-key.guard';
import { ApiScopes } from '../api-keys/api-scopes.decorator';
import { CurrentApiKey } from '../api-keys/current-api-key.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { PublicOpenApi } from './public-openapi';
import { PublicVideosService } from './public-videos.service';

/** The rest of `/v1` (V1_ROUTES): the models, the balance, and the API's own OpenAPI document. */
@ApiExcludeController()
@Controller('v1')
export class PublicApiController {
  constructor(
    private readonly videos: PublicVideosService,
    private readonly openApi: PublicOpenApi,
  ) {}

  /** Any valid key, whatever its scopes. */
  @Get('models')
  @UseGuards(ApiKeyGuard)
  models(): Promise<V1ModelList> {
    return this.videos.models();
  }

  @Get('balance')
  @UseGuards(ApiKeyGuard)
  @ApiScopes('credits:read')
  balance(@CurrentUser() user: SessionUser, @CurrentApiKey() key: ApiKeyIdentity): Promise<V1Balance> {
    return this.videos.balance({ user, key });
  }

  /** Public: no key needed to read how the API works. */
  @Get('openapi.json')
  document(): Record<string, unknown> {
    return this.openApi.document();
  }
}
