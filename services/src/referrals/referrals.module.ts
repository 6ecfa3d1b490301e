import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreditsModule } from '../credits/credits.module';
import { UsersModule } from '../users/users.module';
import { ReferralCodeEntity } from './referral-code.entity';
import { ReferralEntity } from './referral.entity';
import { ReferralRepository } from './referral.repository';
import { ReferralsController } from './referrals.controller';
import { ReferralsService } from './referrals.service';

/**
 * Referrals: links, sign-ups through them and their one reward. The auth module records sign-ups and
 * the billing module rewards first purchases through ReferralsService; this module imports neither
 * (its route's guard comes from the global AuthModule).
 */
@Module({
  imports: [TypeOrmModule.forFeature([ReferralCodeEntity, ReferralEntity]), CreditsModule, UsersModule],
  controllers: [ReferralsController],
  providers: [ReferralsService, ReferralRepository],
  exports: [ReferralsService, ReferralRepository],
})
export class ReferralsModule {}
