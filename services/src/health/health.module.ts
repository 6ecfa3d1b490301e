import { Module } from '@nestjs/common';
import { VideoModule } from '../video/video.module';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';
import { ReadinessService } from './readiness.service';

@Module({
  imports: [VideoModule],
  controllers: [HealthController],
  providers: [HealthService, HealthRepository, ReadinessService],
  exports: [ReadinessService],
})
export class HealthModule {}
