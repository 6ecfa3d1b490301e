import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AdminAuditQuerySchema,
  AdminCreditAdjustSchema,
  AdminRoleChangeSchema,
  AdminSignOutSchema,
  AdminUsersQuerySchema,
  type AdminAuditQuery,
  type AdminCreditAdjustBody,
  type AdminRoleChangeBody,
  type AdminSignOutBody,
  type AdminUsersQuery,
  type AdminAuditReply,
  type AdminCreditAdjustReply,
  type AdminRoleChangeReply,
  type AdminSignOutReply,
  type AdminUserDetailReply,
  type AdminUsersReply,
} from '@veo3/contracts/admin';
import { AuditLogService } from '../audit/audit-log.service';
import { AdminGuard, JwtAuthGuard } from '../auth/auth.guards';
import { CurrentAdmin, type AdminActor } from './admin-actor';
import { AdminUsersService } from './admin-users.service';

/** Users and the audit log in the admin console (admin role only). */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('api/admin')
export class AdminUsersController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly audit: AuditLogService,
  ) {}

  @Get('users')
  async list(@Query({ schema: AdminUsersQuerySchema }) query: AdminUsersQuery): Promise<AdminUsersReply> {
    return { success: true, data: await this.users.list(query) };
  }

  @Get('users/:id')
  async detail(@Param('id') id: string): Promise<AdminUserDetailReply> {
    return { success: true, data: await this.users.detail(id) };
  }

  @Post('users/:id/credits')
  @HttpCode(200)
  async adjustCredits(
    @Param('id') id: string,
    @Body({ schema: AdminCreditAdjustSchema }) body: AdminCreditAdjustBody,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminCreditAdjustReply> {
    return { success: true, data: await this.users.adjustCredits(id, body, idempotencyKey, actor) };
  }

  @Post('users/:id/roles')
  @HttpCode(200)
  async changeRole(
    @Param('id') id: string,
    @Body({ schema: AdminRoleChangeSchema }) body: AdminRoleChangeBody,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRoleChangeReply> {
    return { success: true, data: await this.users.changeRole(id, body, actor) };
  }

  @Post('users/:id/sign-out')
  @HttpCode(200)
  async signOut(
    @Param('id') id: string,
    @Body({ schema: AdminSignOutSchema }) body: AdminSignOutBody,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminSignOutReply> {
    return { success: true, data: await this.users.signOut(id, body, actor) };
  }

  /** A page as JSON, or with `format=csv` every matching row as a CSV download. */
  @Get('audit')
  async auditLog(
    @Query({ schema: AdminAuditQuerySchema }) query: AdminAuditQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminAuditReply | string> {
    if (query.format === 'csv') {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`);
      return this.audit.csv(query);
    }
    const { items, total } = await this.audit.list(query);
    return { success: true, data: { items, page: query.page, page_size: query.page_size, total } };
  }
}
