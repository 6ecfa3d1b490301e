import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { EVENT_BUS, type EventBus } from './event-bus';
import { InProcessEventBus } from './in-process.event-bus';
import { RedisEventBus } from './redis.event-bus';
import { TaskEventsService } from './task-events.service';

/** The bus and its publisher, for every role: workers publish, API processes also subscribe (EventsModule). */
@Module({
  providers: [
    {
      provide: EVENT_BUS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): EventBus =>
        config.redisUrl ? new RedisEventBus(config.redisUrl, config.redisPrefix) : new InProcessEventBus(),
    },
    TaskEventsService,
  ],
  exports: [EVENT_BUS, TaskEventsService],
})
export class EventBusModule implements OnApplicationShutdown {
  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}
