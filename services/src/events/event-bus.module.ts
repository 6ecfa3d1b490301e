import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { EVENT_BUS, type EventBus } from './event-bus';
import { InProcessEventBus } from './in-process.event-bus';
import { InProcessUserPresence } from './in-process.user-presence';
import { RedisEventBus } from './redis.event-bus';
import { RedisUserPresence } from './redis.user-presence';
import { TaskEventsService } from './task-events.service';
import { USER_PRESENCE, type UserPresence } from './user-presence';

/**
 * The bus and its publisher, for every role: workers publish, API processes also subscribe
 * (EventsModule); and who is watching (UserPresence), which API processes' streams keep and workers read.
 */
@Module({
  providers: [
    {
      provide: EVENT_BUS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): EventBus =>
        config.redisUrl ? new RedisEventBus(config.redisUrl, config.redisPrefix) : new InProcessEventBus(),
    },
    {
      provide: USER_PRESENCE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): UserPresence =>
        config.redisUrl ? new RedisUserPresence(config.redisUrl, config.redisPrefix) : new InProcessUserPresence(),
    },
    TaskEventsService,
  ],
  exports: [EVENT_BUS, USER_PRESENCE, TaskEventsService],
})
export class EventBusModule implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(USER_PRESENCE) private readonly presence: UserPresence,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
    await this.presence.close();
  }
}
