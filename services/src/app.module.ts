import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { SiteModule } from './site/site.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    // SiteModule last: its catch-all page route must not shadow API routes.
    return { module: AppModule, imports: [ConfigModule.forRoot(config), DatabaseModule, HealthModule, SiteModule] };
  }
}
