import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { AuthModule } from './auth/auth.module';
import { CreditsModule } from './credits/credits.module';
import { UsersModule } from './users/users.module';
import { VideoModule } from './video/video.module';
import { BillingModule } from './billing/billing.module';
import { BlogModule } from './blog/blog.module';
import { SiteModule } from './site/site.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    // SiteModule last: its catch-all page route must not shadow API routes.
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        HealthModule,
        UsersModule,
        CreditsModule,
        AuthModule,
        VideoModule,
        BillingModule,
        BlogModule,
        SiteModule,
      ],
    };
  }
}
