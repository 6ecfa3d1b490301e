import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { CreditsModule } from '../credits/credits.module';
import { EventBusModule } from '../events/event-bus.module';
import { UsersModule } from '../users/users.module';
import { VideoModule } from '../video/video.module';
import { AdminApiKeysController } from './admin-api-keys.controller';
import { AdminCreditsController } from './admin-credits.controller';
import { AdminOverviewController } from './admin-overview.controller';
import { AdminOverviewService } from './admin-overview.service';
import { AdminPaymentsController } from './admin-payments.controller';
import { AdminPaymentsService } from './admin-payments.service';
import { AdminTasksController } from './admin-tasks.controller';
import { AdminTasksService } from './admin-tasks.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';

/**
 * The admin console's routes under /api/admin (admin role only: JwtAuthGuard and AdminGuard on every
 * controller); every change is written to the audit trail in its own transaction.
 */
@Module({
  imports: [
    ApiKeysModule,
    AuditModule,
    AuthModule,
    CreditsModule,
    BillingModule,
    VideoModule,
    UsersModule,
    EventBusModule,
  ],
  controllers: [
    AdminUsersController,
    AdminCreditsController,
    AdminPaymentsController,
    AdminTasksController,
    AdminOverviewController,
    AdminApiKeysController,
  ],
  providers: [AdminUsersService, AdminPaymentsService, AdminTasksService, AdminOverviewService],
})
export class AdminModule {}
