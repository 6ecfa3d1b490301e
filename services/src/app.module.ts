import { Module, type DynamicModule, type Type } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { AuthModule } from './auth/auth.module';
import { CreditsModule } from './credits/credits.module';
import { UsersModule } from './users/users.module';
import { VideoModule } from './video/video.module';
import { EventsModule } from './events/events.module';
import { BillingModule } from './billing/billing.module';
import { BlogModule } from './blog/blog.module';
import { SiteModule } from './site/site.module';
import { servesApi, servesPages } from './roles/process-role';
import { SchedulingModule } from './scheduling/scheduling.module';
import { MetricsModule } from './metrics/metrics.module';
import { AccountExportModule } from './account-export/account-export.module';
import { AdminModule } from './admin/admin.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AccountDeletionModule } from './account-deletion/account-deletion.module';
import { RetentionModule } from './retention/retention.module';
import { PublicApiModule } from './public-api/public-api.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { McpModule } from './mcp/mcp.module';
import { SharingModule } from './sharing/sharing.module';
import { ReferralsModule } from './referrals/referrals.module';
import { EffectsModule } from './effects/effects.module';

/** The feature modules a process of this role loads (the role gate hides the routes a role does not serve). */
function featureModules(role: AppConfig['role']): Type[] {
  const modules: Type[] = [];
  if (servesApi(role))
    modules.push(
      UsersModule,
      CreditsModule,
      AuthModule,
      VideoModule,
      EventsModule,
      BillingModule,
      BlogModule,
      AdminModule,
      ApiKeysModule,
      RetentionModule,
      AccountExportModule,
      AccountDeletionModule,
      PublicApiModule,
      WebhooksModule,
      McpModule,
      ReferralsModule,
    );
  // The worker runs the scheduled purges, the export sweep and webhook deliveries (the api role does no scheduled work).
  if (role === 'worker') modules.push(VideoModule, RetentionModule, AccountExportModule, WebhooksModule);
  // Shared videos: their API routes and their public pages and files (each route gated to its role).
  if (servesApi(role) || servesPages(role)) modules.push(SharingModule);
  // Effect templates: their API and their sample files; the pages' EffectCatalog.
  if (servesApi(role) || servesPages(role)) modules.push(EffectsModule);
  // SiteModule last: its catch-all page route must not shadow API routes.
  if (servesPages(role)) modules.push(BlogModule, SiteModule);
  return [...new Set(modules)];
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        SchedulingModule,
        HealthModule,
        MetricsModule,
        ...featureModules(config.role),
      ],
    };
  }
}
