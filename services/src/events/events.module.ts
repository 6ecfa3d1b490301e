import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CreditsModule } from '../credits/credits.module';
import { HealthModule } from '../health/health.module';
import { VideoModule } from '../video/video.module';
import { EventBusModule } from './event-bus.module';
import { EventStreamsService } from './event-streams.service';
import { EventsController } from './events.controller';

/** GET /api/video/events, for API processes; workers only publish (EventBusModule). */
@Module({
  imports: [EventBusModule, AuthModule, CreditsModule, VideoModule, HealthModule],
  controllers: [EventsController],
  providers: [EventStreamsService],
})
export class EventsModule {}
