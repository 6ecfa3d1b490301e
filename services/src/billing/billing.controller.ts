import { Body, Controller, Get, Headers, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import { RateLimitGuard } from '../auth/rate-limit.guard';
import type { SessionUser } from '../users/session-user';
import { BillingService } from './billing.service';
import {
  CancelSubscriptionSchema,
  CreateCheckoutSchema,
  type CancelSubscriptionBody,
  type CreateCheckoutBody,
  type CancelSubscriptionReply,
  type CheckoutSessionReply,
  type CreateCheckoutReply,
  type PortalReply,
  type SubscriptionStatusReply,
} from '@veo3/contracts/billing';

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
  async createCheckout(
    @CurrentUser() user: SessionUser,
    @Body({ schema: CreateCheckoutSchema }) body: CreateCheckoutBody,
    @Headers('idempotency-key') clientKey: string | undefined,
  ): Promise<CreateCheckoutReply> {
    return { success: true, ...(await this.billing.createCheckout(user, body, clientKey?.slice(0, 100) || null)) };
  }

  @Get('checkout-session/:id')
  async checkoutSession(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<CheckoutSessionReply> {
    return { success: true, data: await this.billing.checkoutSession(user, id) };
  }

  @Get('subscription/status')
  async subscriptionStatus(@CurrentUser() user: SessionUser): Promise<SubscriptionStatusReply> {
    return { success: true, data: await this.billing.subscriptionStatus(user) };
  }

  @Post('subscription/cancel')
  @HttpCode(200)
  async cancel(
    @CurrentUser() user: SessionUser,
    @Body({ schema: CancelSubscriptionSchema }) _body: CancelSubscriptionBody,
  ): Promise<CancelSubscriptionReply> {
    return { success: true, data: await this.billing.cancelSubscription(user) };
  }

  @Post('portal')
  @HttpCode(200)
  async portal(@CurrentUser() user: SessionUser): Promise<PortalReply> {
    return { success: true, url: await this.billing.portal(user) };
  }
}
