import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CreditsModule } from '../credits/credits.module';

/**
 * The admin console's routes under /api/admin (admin role only: JwtAuthGuard and AdminGuard on every
 * controller); every change is written to the audit trail in its own transaction.
 */
@Module({
  imports: [AuditModule, CreditsModule],
})
export class AdminModule {}
