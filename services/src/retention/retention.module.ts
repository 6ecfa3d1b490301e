import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { VideoModule } from '../video/video.module';
import { RetentionService } from './retention.service';

/** The hourly purge of personal data past its retention period; its queries live in each owner's repository. */
@Module({
  imports: [AuthModule, BillingModule, VideoModule],
  providers: [RetentionService],
})
export class RetentionModule {}
