import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AdminGuard, JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import { DirectRoute } from '../common/direct-route';
import type { UserEntity } from '../users/user.entity';
import {
  CreditChangeSchema,
  TransactionsQuerySchema,
  type CreditChangeDto,
  type TransactionsQueryDto,
} from './dto/credit-change.dto';
import { CreditsService } from './credits.service';

const changeBody = { schema: z.toJSONSchema(CreditChangeSchema, { io: 'input' }) as object };

@ApiTags('credits')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api/credits')
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get('balance')
  @DirectRoute((credits: CreditsController, { user }) => credits.balance(user))
  async balance(@CurrentUser() user: UserEntity) {
    return { success: true, data: await this.credits.summary(user) };
  }

  @Get(':userId/transactions')
  async transactions(
    @CurrentUser() user: UserEntity,
    @Param('userId') userId: string,
    @Query({ schema: TransactionsQuerySchema }) query: TransactionsQueryDto,
  ) {
    return { success: true, data: await this.credits.transactionsFor(user, userId, query.limit, query.offset) };
  }

  @Post('validate/:modelId')
  @HttpCode(200)
  async validate(@CurrentUser() user: UserEntity, @Param('modelId') modelId: string) {
    return { success: true, data: await this.credits.checkModel(user.id, modelId) };
  }

  @Post('add')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  @ApiBody(changeBody)
  async add(@Body({ schema: CreditChangeSchema }) body: CreditChangeDto) {
    return { success: true, data: await this.credits.adminChange(body, 'add') };
  }

  @Post('deduct')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  @ApiBody(changeBody)
  async deduct(@Body({ schema: CreditChangeSchema }) body: CreditChangeDto) {
    return { success: true, data: await this.credits.adminChange(body, 'deduct') };
  }
}
