import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AdminPromotionsQuerySchema,
  CreatePromotionSchema,
  DisablePromotionSchema,
  type AdminPromotionReply,
  type AdminPromotionsQuery,
  type AdminPromotionsReply,
  type CreatePromotionBody,
  type DisablePromotionBody,
} from '@veo3/contracts/promotions';
import { CurrentAdmin, type AdminActor } from '../admin/admin-actor';
import { AdminGuard, JwtAuthGuard } from '../auth/auth.guards';
import { PromotionsAdminService } from './promotions-admin.service';

/** The simulated checkout's promotion codes in the console (admin role only), each change audited. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('api/admin/promotions')
export class PromotionsAdminController {
  constructor(private readonly promotions: PromotionsAdminService) {}

  @Get()
  async list(
    @Query({ schema: AdminPromotionsQuerySchema }) query: AdminPromotionsQuery,
  ): Promise<AdminPromotionsReply> {
    return { success: true, data: await this.promotions.list(query) };
  }

  @Post()
  @HttpCode(201)
  async create(
    @Body({ schema: CreatePromotionSchema }) body: CreatePromotionBody,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminPromotionReply> {
    return { success: true, data: await this.promotions.create(actor, body) };
  }

  @Post(':id/disable')
  @HttpCode(200)
  async disable(
    @Param('id') id: string,
    @Body({ schema: DisablePromotionSchema }) body: DisablePromotionBody,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminPromotionReply> {
    return { success: true, data: await this.promotions.disable(actor, id, body.reason) };
  }
}
