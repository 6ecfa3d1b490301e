import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  AdminEffectActionSchema,
  EffectDraftSchema,
  ReorderEffectsSchema,
  type AdminEffectAction,
  type AdminEffectListReply,
  type AdminEffectReply,
  type EffectDraft,
  type ReorderEffectsBody,
} from '@veo3/contracts/effects';
import { CurrentAdmin, type AdminActor } from '../admin/admin-actor';
import { AdminGuard, JwtAuthGuard } from '../auth/auth.guards';
import { VideoStorage } from '../video/video-storage';
import { withSampleForm } from './effect-sample';
import { EffectsAdminService } from './effects-admin.service';

/** Effect templates in the console (admin role only), each change audited. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('api/admin/effects')
export class EffectsAdminController {
  constructor(
    private readonly effects: EffectsAdminService,
    private readonly storage: VideoStorage,
  ) {}

  @Get()
  async list(): Promise<AdminEffectListReply> {
    return { success: true, data: { items: await this.effects.list() } };
  }

  @Post()
  @HttpCode(201)
  async create(
    @Body({ schema: EffectDraftSchema }) body: EffectDraft,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminEffectReply> {
    return { success: true, data: await this.effects.create(actor, body) };
  }

  @Put(':id')
  async update(
    @Param('id') id: string,
    @Body({ schema: EffectDraftSchema }) body: EffectDraft,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminEffectReply> {
    return { success: true, data: await this.effects.update(actor, id, body) };
  }

  @Post('reorder')
  @HttpCode(200)
  async reorder(
    @Body({ schema: ReorderEffectsSchema }) body: ReorderEffectsBody,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminEffectListReply> {
    return { success: true, data: { items: await this.effects.reorder(actor, body.ids, body.reason) } };
  }

  @Post(':id/publish')
  @HttpCode(200)
  async publish(
    @Param('id') id: string,
    @Body({ schema: AdminEffectActionSchema }) body: AdminEffectAction,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminEffectReply> {
    return { success: true, data: await this.effects.setPublished(actor, id, true, body.reason) };
  }

  @Post(':id/unpublish')
  @HttpCode(200)
  async unpublish(
    @Param('id') id: string,
    @Body({ schema: AdminEffectActionSchema }) body: AdminEffectAction,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminEffectReply> {
    return { success: true, data: await this.effects.setPublished(actor, id, false, body.reason) };
  }

  /** Multipart: `video` (MP4 or WebM, checked by its bytes and ffmpeg) and `reason`. */
  @Post(':id/sample')
  @HttpCode(200)
  async sample(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminEffectReply> {
    const data = await withSampleForm(request, this.storage.tempDir, (sample) =>
      this.effects.setSample(actor, id, sample.path, sample.ext, sample.reason),
    );
    return { success: true, data };
  }
}
