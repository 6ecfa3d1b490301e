import { Module } from '@nestjs/common';
import { AccountExportModule } from '../account-export/account-export.module';
import { AccountExportService } from '../account-export/account-export.service';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { BlogModule } from '../blog/blog.module';
import { CreditsModule } from '../credits/credits.module';
import { SharedVideosModule } from '../sharing/shared-videos.module';
import { GalleryService } from '../sharing/gallery.service';
import { SharingModule } from '../sharing/sharing.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { NotificationsService } from '../notifications/notifications.service';
import { ReferralsModule } from '../referrals/referrals.module';
import { ReferralsService } from '../referrals/referrals.service';
import { PromotionsModule } from '../promotions/promotions.module';
import { PromotionsService } from '../promotions/promotions.service';
import { UsersModule } from '../users/users.module';
import { VideoModule } from '../video/video.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { WebhooksService } from '../webhooks/webhooks.service';
import { AccountDeletionAdminController } from './account-deletion-admin.controller';
import { AccountDeletionController } from './account-deletion.controller';
import { AccountDeletionService } from './account-deletion.service';
import { ACCOUNT_ERASERS, type AccountEraser } from './account-eraser';
import { ErasedAccountsModule } from './erased-accounts.module';

/**
 * Account deletion (erasure), by the user or an admin. Another module that keeps something of a
 * user (a data export's archives) joins in by importing its module here and naming its
 * AccountEraser in `inject` below.
 */
@Module({
  imports: [
    AccountExportModule,
    ApiKeysModule,
    AuditModule,
    AuthModule,
    BillingModule,
    BlogModule,
    CreditsModule,
    UsersModule,
    VideoModule,
    WebhooksModule,
    SharingModule,
    NotificationsModule,
    ReferralsModule,
    PromotionsModule,
    ErasedAccountsModule,
    SharedVideosModule,
  ],
  controllers: [AccountDeletionController, AccountDeletionAdminController],
  providers: [
    AccountDeletionService,
    {
      provide: ACCOUNT_ERASERS,
      inject: [
        AccountExportService,
        ApiKeysService,
        WebhooksService,
        GalleryService,
        NotificationsService,
        ReferralsService,
        PromotionsService,
      ],
      useFactory: (...erasers: AccountEraser[]): AccountEraser[] => erasers,
    },
  ],
})
export class AccountDeletionModule {}
