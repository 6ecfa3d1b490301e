import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { BlogModule } from '../blog/blog.module';
import { CreditsModule } from '../credits/credits.module';
import { SharedVideosModule } from '../sharing/shared-videos.module';
import { SharingModule } from '../sharing/sharing.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReferralsModule } from '../referrals/referrals.module';
import { PromotionsModule } from '../promotions/promotions.module';
import { StorageModule } from '../storage/storage.module';
import { UsersModule } from '../users/users.module';
import { VideoModule } from '../video/video.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { AccountExportController } from './account-export.controller';
import { AccountExportEntity } from './account-export.entity';
import { AccountExportLinks } from './account-export.links';
import { AccountExportRepository } from './account-export.repository';
import { AccountExportSections } from './account-export.sections';
import { AccountExportService } from './account-export.service';

/** "Download my data": the account page's export of everything the site holds about the user. */
@Module({
  imports: [
    TypeOrmModule.forFeature([AccountExportEntity]),
    ApiKeysModule,
    AuthModule,
    UsersModule,
    CreditsModule,
    BillingModule,
    VideoModule,
    BlogModule,
    AuditModule,
    StorageModule,
    WebhooksModule,
    SharedVideosModule,
    SharingModule,
    NotificationsModule,
    ReferralsModule,
    PromotionsModule,
  ],
  controllers: [AccountExportController],
  providers: [AccountExportService, AccountExportRepository, AccountExportSections, AccountExportLinks],
  exports: [AccountExportService],
})
export class AccountExportModule {}
