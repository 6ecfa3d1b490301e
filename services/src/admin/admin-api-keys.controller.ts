import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AdminApiUsageQuerySchema,
  AdminRevokeApiKeySchema,
  type AdminApiUsageQuery,
  type AdminApiUsageReply,
  type AdminRevokeApiKeyReply,
  type AdminRevokeApiKeyRequest,
} from '@veo3/contracts/api-keys';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { AdminGuard, JwtAuthGuard } from '../auth/auth.guards';
import { CurrentAdmin, type AdminActor } from './admin-actor';

/** API usage per user and key in the console, and revoking a key with a reason (admin role only). */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('api/admin')
export class AdminApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get('api-usage')
  async usage(@Query({ schema: AdminApiUsageQuerySchema }) query: AdminApiUsageQuery): Promise<AdminApiUsageReply> {
    return { success: true, data: await this.keys.usage(query) };
  }

  @Post('api-keys/:id/revoke')
  @HttpCode(200)
  async revoke(
    @Param('id') id: string,
    @Body({ schema: AdminRevokeApiKeySchema }) body: AdminRevokeApiKeyRequest,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRevokeApiKeyReply> {
    return { success: true, data: await this.keys.adminRevoke(actor, id, body.reason) };
  }
}
