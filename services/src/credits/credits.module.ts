import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventBusModule } from '../events/event-bus.module';
import { UsersModule } from '../users/users.module';
import { CreditTransactionEntity } from './credit-transaction.entity';
import { CreditsController } from './credits.controller';
import { CreditsRepository } from './credits.repository';
import { CreditsService } from './credits.service';
import { LedgerSummaryCache } from './ledger-summary.cache';

@Module({
  imports: [TypeOrmModule.forFeature([CreditTransactionEntity]), EventBusModule, UsersModule],
  controllers: [CreditsController],
  providers: [CreditsService, CreditsRepository, LedgerSummaryCache],
  exports: [CreditsService, CreditsRepository],
})
export class CreditsModule {}
