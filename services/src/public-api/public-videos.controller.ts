import { Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  V1ListVideosQuery,
  V1VideoParams,
  type V1Video,
  type V1VideoList,
} from '@veo3/contracts/public-api';
import type { ApiKeyIdentity } from '../api-keys/api-key-caller';
import { ApiKeyGuard } from '../api-keys/api-key.guard';
import { ApiScopes } from '../api-keys/api-scopes.decorator';
import { CurrentApiKey } from '../api-keys/current-api-key.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { VideoStorage } from '../video/video-storage';
import { withCreateVideoInput } from './create-video-input';
import { PublicVideosService } from './public-videos.service';
import { V1SchemaPipe } from './v1-validation';

/** `/v1/videos` (V1_ROUTES): an API key's videos. Described by /v1/openapi.json, not /api/docs. */
@ApiExcludeController()
@Controller('v1/videos')
@UseGuards(ApiKeyGuard)
export class PublicVideosController {
  constructor(
    private readonly videos: PublicVideosService,
    private readonly storage: VideoStorage,
  ) {}

  /** 201 with the new video; 200 and `Idempotent-Replayed: true` for a repeat of an Idempotency-Key. */
  @Post()
  @ApiScopes('videos:write')
  async create(
    @CurrentUser() user: SessionUser,
    @CurrentApiKey() key: ApiKeyIdentity,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<V1Video> {
    const { video, replayed } = await withCreateVideoInput(request, this.storage.tempDir, (input) =>
      this.videos.create({ user, key }, input),
    );
    void reply.status(replayed ? 200 : 201);
    if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return video;
  }

  @Get()
  @ApiScopes('videos:read')
  list(
    @CurrentUser() user: SessionUser,
    @CurrentApiKey() key: ApiKeyIdentity,
    @Query(new V1SchemaPipe(V1ListVideosQuery, 'query')) query: V1ListVideosQuery,
  ): Promise<V1VideoList> {
    return this.videos.list({ user, key }, query);
  }

  @Get(':id')
  @ApiScopes('videos:read')
  get(
    @CurrentUser() user: SessionUser,
    @CurrentApiKey() key: ApiKeyIdentity,
    @Param(new V1SchemaPipe(V1VideoParams, 'path')) params: V1VideoParams,
  ): Promise<V1Video> {
    return this.videos.get({ user, key }, params.id);
  }

  /** Only while queued; refunded once. */
  @Post(':id/cancel')
  @HttpCode(200)
  @ApiScopes('videos:write')
  cancel(
    @CurrentUser() user: SessionUser,
    @CurrentApiKey() key: ApiKeyIdentity,
    @Param(new V1SchemaPipe(V1VideoParams, 'path')) params: V1VideoParams,
  ): Promise<V1Video> {
    return this.videos.cancel({ user, key }, params.id);
  }
}
