import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { dataSourceOptions } from './data-source-options';
import { applyPendingMigrations } from './migration-runner';
import { MigrationRepository } from './migration.repository';
import { SchemaGate } from './schema-gate';
import { TransactionRunner } from './transaction-runner';

/**
 * The database, migrated at boot when MIGRATE_ON_BOOT is on, the SchemaGate any module may ask, and
 * the TransactionRunner services begin transactions with.
 */
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
  providers: [SchemaGate, MigrationRepository, TransactionRunner],
  exports: [SchemaGate, TransactionRunner],
})
export class DatabaseModule {}
