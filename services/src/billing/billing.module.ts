import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CreditsModule } from '../credits/credits.module';
import { ReferralsModule } from '../referrals/referrals.module';
import { PromotionsModule } from '../promotions/promotions.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { BillingCustomerEntity } from './billing-customer.entity';
import { BillingEventEntity } from './billing-event.entity';
import { BillingController } from './billing.controller';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { STRIPE_GATEWAY } from './billing.tokens';
import { CheckoutSessionEntity } from './checkout-session.entity';
import { FulfillmentService } from './fulfillment.service';
import { PaymentRefundService } from './payment-refund.service';
import { PaymentRepository } from './payment.repository';
import { PaymentEntity } from './payment.entity';
import { SimulatedCheckoutController } from './simulated-checkout.controller';
import { SimulatedCheckoutService } from './simulated-checkout.service';
import { SimulatedPromotionService } from './simulated-promotion.service';
import { StripeGateway } from './stripe.gateway';
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookService } from './stripe-webhook.service';
import { SubscriptionEntity } from './subscription.entity';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      BillingCustomerEntity,
      BillingEventEntity,
      CheckoutSessionEntity,
      PaymentEntity,
      SubscriptionEntity,
    ]),
    AuditModule,
    AuthModule,
    CreditsModule,
    ReferralsModule,
    PromotionsModule,
    UsersModule,
  ],
  controllers: [AccountController, BillingController, StripeWebhookController, SimulatedCheckoutController],
  providers: [
    AccountService,
    BillingService,
    BillingRepository,
    FulfillmentService,
    PaymentRefundService,
    PaymentRepository,
    SimulatedCheckoutService,
    SimulatedPromotionService,
    StripeWebhookService,
    {
      provide: STRIPE_GATEWAY,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.stripe ? new StripeGateway(config.stripe) : null),
    },
  ],
  exports: [PaymentRefundService, BillingRepository, PaymentRepository, STRIPE_GATEWAY, BillingService],
})
export class BillingModule {}
