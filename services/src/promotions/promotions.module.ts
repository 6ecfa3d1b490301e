import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { PromoCodeEntity } from './promo-code.entity';
import { PromoRedemptionEntity } from './promo-redemption.entity';
import { PromotionsAdminController } from './promotions-admin.controller';
import { PromotionsAdminService } from './promotions-admin.service';
import { PromotionsRepository } from './promotions.repository';
import { PromotionsService } from './promotions.service';

/**
 * Promotion codes of the simulated checkout: the console's section, and the redemption that
 * billing's fulfillment runs in a payment's transaction. Billing imports it; it imports no billing.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PromoCodeEntity, PromoRedemptionEntity]), AuditModule, AuthModule],
  controllers: [PromotionsAdminController],
  providers: [PromotionsAdminService, PromotionsRepository, PromotionsService],
  exports: [PromotionsRepository, PromotionsService],
})
export class PromotionsModule {}
