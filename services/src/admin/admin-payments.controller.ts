import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AdminPaymentRefundSchema,
  AdminPaymentsQuerySchema,
  type AdminPaymentRefundBody,
  type AdminPaymentsQuery,
  type AdminPaymentRefundReply,
  type AdminPaymentsReply,
} from '@veo3/contracts/admin';
import { AdminGuard, JwtAuthGuard } from '../auth/auth.guards';
import { CurrentAdmin, type AdminActor } from './admin-actor';
import { AdminPaymentsService } from './admin-payments.service';

/** Payments and refunds in the admin console (admin role only). */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('api/admin')
export class AdminPaymentsController {
  constructor(private readonly payments: AdminPaymentsService) {}

  @Get('payments')
  async list(@Query({ schema: AdminPaymentsQuerySchema }) query: AdminPaymentsQuery): Promise<AdminPaymentsReply> {
    return { success: true, data: await this.payments.list(query) };
  }

  @Post('payments/:id/refund')
  @HttpCode(200)
  async refund(
    @Param('id') id: string,
    @Body({ schema: AdminPaymentRefundSchema }) body: AdminPaymentRefundBody,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminPaymentRefundReply> {
    return { success: true, data: await this.payments.refund(id, body, actor) };
  }
}
