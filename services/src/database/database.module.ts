import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { dataSourceOptions } from './data-source-options';
import { applyPendingMigrations } from './migration-runner';
import { SchemaGate } from './schema-gate';

/** The database, migrated at boot when MIGRATE_ON_BOOT is on, and the SchemaGate any module may ask. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config.database, { migrationsRun: config.migrateOnBoot }),
        autoLoadEntities: true,
      }),
      // Boot migrations go through the same locked runner as the migration Job, so replicas that
      // start together on MySQL take turns instead of running a migration twice.
      dataSourceFactory: async (options) => {
        const { migrationsRun, ...rest } = options as DataSourceOptions;
        const dataSource = await new DataSource({ ...rest, migrationsRun: false } as DataSourceOptions).initialize();
        if (!migrationsRun) return dataSource;
        try {
          await applyPendingMigrations(dataSource);
        } catch (error) {
          await dataSource.destroy();
          throw error;
        }
        return dataSource;
      },
    }),
  ],
  providers: [SchemaGate],
  exports: [SchemaGate],
})
export class DatabaseModule {}
