import { Body, Controller, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CreditChangeSchema, type CreditChangeBody, type CreditChangeReply } from '@veo3/contracts/credits';
import { AdminGuard, JwtAuthGuard } from '../auth/auth.guards';
import { CurrentAdmin, type AdminActor } from './admin-actor';
import { AdminUsersService } from './admin-users.service';

/** The seed's credit routes, kept for their callers: the admin console's adjustment under another body. */
@ApiTags('credits')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('api/credits')
export class AdminCreditsController {
  constructor(private readonly users: AdminUsersService) {}

  @Post('add')
  @HttpCode(200)
  async add(
    @Body({ schema: CreditChangeSchema }) body: CreditChangeBody,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<CreditChangeReply> {
    return { success: true, data: await this.users.changeCredits(body, 'add', idempotencyKey, actor) };
  }

  @Post('deduct')
  @HttpCode(200)
  async deduct(
    @Body({ schema: CreditChangeSchema }) body: CreditChangeBody,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<CreditChangeReply> {
    return { success: true, data: await this.users.changeCredits(body, 'deduct', idempotencyKey, actor) };
  }
}
