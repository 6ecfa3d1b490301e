import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AccountPaymentsQuerySchema,
  type AccountPaymentsQuery,
  type AccountPaymentsReply,
  type AccountProfileReply,
  type PaymentReceiptReply,
} from '@veo3/contracts/billing';
import { JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { AccountService } from './account.service';

/** The signed-in user's account page: profile facts, payments, receipts (their own only). */
@ApiTags('account')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api/account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Get('profile')
  async profile(@CurrentUser() user: SessionUser): Promise<AccountProfileReply> {
    return { success: true, data: await this.account.profile(user) };
  }

  @Get('payments')
  async payments(
    @CurrentUser() user: SessionUser,
    @Query({ schema: AccountPaymentsQuerySchema }) query: AccountPaymentsQuery,
  ): Promise<AccountPaymentsReply> {
    return { success: true, data: await this.account.paymentsOf(user, query) };
  }

  @Get('payments/:id/receipt')
  async receipt(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<PaymentReceiptReply> {
    return { success: true, data: await this.account.receipt(user, id) };
  }
}
