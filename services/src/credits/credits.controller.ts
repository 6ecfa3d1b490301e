import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import { DirectRoute } from '../http/direct-route';
import type { SessionUser } from '../users/session-user';
import {
  TransactionsQuerySchema,
  type TransactionsQuery,
  type CreditBalanceReply,
  type ModelCheckReply,
  type TransactionsReply,
} from '@veo3/contracts/credits';
import { CreditsService } from './credits.service';

@ApiTags('credits')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api/credits')
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get('balance')
  @DirectRoute((credits: CreditsController, { user }) => credits.balance(user))
  async balance(@CurrentUser() user: SessionUser): Promise<CreditBalanceReply> {
    return { success: true, data: await this.credits.summary(user) };
  }

  @Get(':userId/transactions')
  async transactions(
    @CurrentUser() user: SessionUser,
    @Param('userId') userId: string,
    @Query({ schema: TransactionsQuerySchema }) query: TransactionsQuery,
  ): Promise<TransactionsReply> {
    return { success: true, data: await this.credits.transactionsFor(user, userId, query.limit, query.offset) };
  }

  @Post('validate/:modelId')
  @HttpCode(200)
  async validate(@CurrentUser() user: SessionUser, @Param('modelId') modelId: string): Promise<ModelCheckReply> {
    return { success: true, data: await this.credits.checkModel(user.id, modelId) };
  }
}
