import type { CheckoutSessionReply, SimulatedCompleteReply, SimulatedRenewReply } from '@veo3/contracts/billing';
import { ApplyPromotionCodeSchema, type ApplyPromotionCodeBody } from '@veo3/contracts/promotions';
import { Body, Controller, Delete, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentAdmin, type AdminActor } from '../admin/admin-actor';
import { AdminGuard, JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { SimulatedCheckoutService } from './simulated-checkout.service';
import { SimulatedPromotionService } from './simulated-promotion.service';

@ApiTags('billing')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api/stripe/simulated')
export class SimulatedCheckoutController {
  constructor(
    private readonly simulated: SimulatedCheckoutService,
    private readonly promotions: SimulatedPromotionService,
  ) {}

  @Post('subscriptions/:id/renew')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  async renew(@Param('id') id: string, @CurrentAdmin() actor: AdminActor): Promise<SimulatedRenewReply> {
    return { success: true, data: await this.simulated.renew(id, actor) };
  }

  @Post(':sessionId/complete')
  @HttpCode(200)
  async complete(
    @CurrentUser() user: SessionUser,
    @Param('sessionId') sessionId: string,
  ): Promise<SimulatedCompleteReply> {
    return { success: true, data: await this.simulated.complete(user, sessionId) };
  }

  @Post(':sessionId/promotion-code')
  @HttpCode(200)
  async applyPromotion(
    @CurrentUser() user: SessionUser,
    @Param('sessionId') sessionId: string,
    @Body({ schema: ApplyPromotionCodeSchema }) body: ApplyPromotionCodeBody,
  ): Promise<CheckoutSessionReply> {
    return { success: true, data: await this.promotions.apply(user, sessionId, body.code) };
  }

  @Delete(':sessionId/promotion-code')
  async removePromotion(
    @CurrentUser() user: SessionUser,
    @Param('sessionId') sessionId: string,
  ): Promise<CheckoutSessionReply> {
    return { success: true, data: await this.promotions.remove(user, sessionId) };
  }
}
