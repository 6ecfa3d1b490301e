import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CreateApiKeySchema,
  type ApiKeyListReply,
  type CreateApiKeyReply,
  type CreateApiKeyRequest,
  type RevokeApiKeyReply,
} from '@veo3/contracts/api-keys';
import { JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { ApiKeysService } from './api-keys.service';

/** The account page's API keys: a browser session manages them; a key never does. */
@ApiTags('account')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api/account/api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  async list(@CurrentUser() user: SessionUser): Promise<ApiKeyListReply> {
    return { success: true, data: { items: await this.keys.list(user) } };
  }

  @Post()
  @HttpCode(201)
  async create(
    @CurrentUser() user: SessionUser,
    @Body({ schema: CreateApiKeySchema }) body: CreateApiKeyRequest,
  ): Promise<CreateApiKeyReply> {
    return { success: true, data: await this.keys.create(user, body) };
  }

  @Delete(':id')
  async revoke(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<RevokeApiKeyReply> {
    await this.keys.revoke(user, id);
    return { success: true };
  }
}
