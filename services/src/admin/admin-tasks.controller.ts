import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AdminTaskRefundSchema,
  AdminTaskRetrySchema,
  AdminTasksQuerySchema,
  type AdminTaskRefundBody,
  type AdminTaskRetryBody,
  type AdminTasksQuery,
  type AdminTaskRefundReply,
  type AdminTaskRetryReply,
  type AdminTasksReply,
} from '@veo3/contracts/admin';
import { AdminGuard, JwtAuthGuard } from '../auth/auth.guards';
import { CurrentAdmin, type AdminActor } from './admin-actor';
import { AdminTasksService } from './admin-tasks.service';

/** Failed and stuck generations in the admin console (admin role only). */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('api/admin')
export class AdminTasksController {
  constructor(private readonly tasks: AdminTasksService) {}

  @Get('tasks')
  async list(@Query({ schema: AdminTasksQuerySchema }) query: AdminTasksQuery): Promise<AdminTasksReply> {
    return { success: true, data: await this.tasks.list(query) };
  }

  @Post('tasks/:id/refund')
  @HttpCode(200)
  async refund(
    @Param('id') id: string,
    @Body({ schema: AdminTaskRefundSchema }) body: AdminTaskRefundBody,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminTaskRefundReply> {
    return { success: true, data: await this.tasks.refund(id, body, actor) };
  }

  @Post('tasks/:id/retry')
  @HttpCode(200)
  async retry(
    @Param('id') id: string,
    @Body({ schema: AdminTaskRetrySchema }) body: AdminTaskRetryBody,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminTaskRetryReply> {
    return { success: true, data: await this.tasks.retry(id, body, actor) };
  }
}
