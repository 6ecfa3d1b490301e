import { Global, Module } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { DatabaseLeaseStore } from './database-lease.store';
import { LEASE_STORE } from './lease-store';
import { RedisLeaseStore } from './redis-lease.store';
import { RunOnceScheduler } from './run-once.scheduler';
import { ScheduleLeaseEntity } from './schedule-lease.entity';
import { WorkerIdentity } from './worker-identity';
import { WorkerEntity } from './worker.entity';
import { WorkerRepository } from './worker.repository';

/** Worker identity and run-once scheduling, for whichever feature runs work in the background. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([WorkerEntity, ScheduleLeaseEntity])],
  providers: [
    WorkerIdentity,
    WorkerRepository,
    RunOnceScheduler,
    {
      provide: LEASE_STORE,
      inject: [APP_CONFIG, getDataSourceToken()],
      useFactory: (config: AppConfig, dataSource: DataSource) =>
        config.redisUrl ? new RedisLeaseStore(config.redisUrl, config.redisPrefix) : new DatabaseLeaseStore(dataSource),
    },
  ],
  exports: [WorkerIdentity, RunOnceScheduler],
})
export class SchedulingModule {}
