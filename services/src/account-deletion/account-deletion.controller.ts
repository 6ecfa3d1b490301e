import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AccountDeleteSchema, type AccountDeleteBody, type AccountDeleteReply } from '@veo3/contracts/account-deletion';
import { JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { AccountDeletionService } from './account-deletion.service';

/** "Delete my account" on the account page: identity from the token, confirmed by the e-mail typed. */
@ApiTags('account')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api/account')
export class AccountDeletionController {
  constructor(private readonly deletion: AccountDeletionService) {}

  @Post('delete')
  @HttpCode(200)
  async delete(
    @CurrentUser() user: SessionUser,
    @Body({ schema: AccountDeleteSchema }) body: AccountDeleteBody,
    @Req() request: FastifyRequest,
  ): Promise<AccountDeleteReply> {
    const requestId = request.id ? String(request.id) : null;
    return { success: true, data: await this.deletion.deleteOwn(user, body, requestId) };
  }
}
