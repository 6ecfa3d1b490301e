import { Body, Controller, Get, Headers, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { z } from 'zod';
import { JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import { RateLimitGuard } from '../auth/rate-limit.guard';
import type { UserEntity } from '../users/user.entity';
import { BillingService } from './billing.service';
import {
  CancelSubscriptionSchema,
  CreateCheckoutSchema,
  type CancelSubscriptionDto,
  type CreateCheckoutDto,
} from './dto/create-checkout.dto';

@ApiTags('billing')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api/stripe')
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Post('create-payment-intent')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @SkipThrottle({ signin: true, generate: true })
  @ApiBody({ schema: z.toJSONSchema(CreateCheckoutSchema, { io: 'input' }) as object })
  async createCheckout(
    @CurrentUser() user: UserEntity,
    @Body({ schema: CreateCheckoutSchema }) body: CreateCheckoutDto,
    @Headers('idempotency-key') clientKey: string | undefined,
  ) {
    return { success: true, ...(await this.billing.createCheckout(user, body, clientKey?.slice(0, 100) || null)) };
  }

  @Get('checkout-session/:id')
  async checkoutSession(@CurrentUser() user: UserEntity, @Param('id') id: string) {
    return { success: true, data: await this.billing.checkoutSession(user, id) };
  }

  @Get('subscription/status')
  async subscriptionStatus(@CurrentUser() user: UserEntity) {
    return { success: true, data: await this.billing.subscriptionStatus(user) };
  }

  @Post('subscription/cancel')
  @HttpCode(200)
  @ApiBody({ schema: z.toJSONSchema(CancelSubscriptionSchema, { io: 'input' }) as object })
  async cancel(
    @CurrentUser() user: UserEntity,
    @Body({ schema: CancelSubscriptionSchema }) _body: CancelSubscriptionDto,
  ) {
    return { success: true, data: await this.billing.cancelSubscription(user) };
  }

  @Post('portal')
  @HttpCode(200)
  async portal(@CurrentUser() user: UserEntity) {
    return { success: true, url: await this.billing.portal(user) };
  }
}
