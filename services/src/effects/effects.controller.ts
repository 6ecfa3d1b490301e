import { Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { EffectListReply, EffectReply } from '@veo3/contracts/effects';
import type { GenerateReply } from '@veo3/contracts/video';
import { OptionalJwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import { RateLimitGuard } from '../auth/rate-limit.guard';
import type { SessionUser } from '../users/session-user';
import { EffectCatalog } from './effect-catalog.service';
import { EffectGenerationService } from './effect-generation.service';
import { effectNotFound } from './effects.exception';

/** The published effects for everyone, and a video made from one by a signed-in user. */
@ApiTags('effects')
@Controller('api/effects')
export class EffectsController {
  constructor(
    private readonly catalog: EffectCatalog,
    private readonly generation: EffectGenerationService,
  ) {}

  @Get()
  async list(): Promise<EffectListReply> {
    return { success: true, data: { items: await this.catalog.published() } };
  }

  @Get(':slug')
  async one(@Param('slug') slug: string): Promise<EffectReply> {
    const effect = await this.catalog.publishedBySlug(slug);
    if (!effect) throw effectNotFound();
    return { success: true, data: effect };
  }

  /** As POST /api/video/generate, from the effect's inputs (EffectGenerationService). */
  @Post(':slug/generate')
  @HttpCode(200)
  @UseGuards(OptionalJwtAuthGuard, RateLimitGuard)
  @SkipThrottle({ signin: true, checkout: true })
  async generate(
    @Param('slug') slug: string,
    @CurrentUser() user: SessionUser | null,
    @Req() request: FastifyRequest,
  ): Promise<GenerateReply> {
    return { success: true, data: await this.generation.generate(user, slug, request) };
  }
}
