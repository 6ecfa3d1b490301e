import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DirectRoute } from '../http/direct-route';
import type { HealthReply, LiveReply, ReadyReply } from '@veo3/contracts/health';
import { HealthService } from './health.service';
import { ReadinessService } from './readiness.service';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly health: HealthService,
    private readonly readiness: ReadinessService,
  ) {}

  /** Liveness: the process answers (its event loop turns); never a dependency, so an outage restarts nothing. */
  @Get('live')
  @Header('Cache-Control', 'no-store')
  @DirectRoute((health: HealthController) => health.live())
  live(): LiveReply {
    return { status: 'alive' };
  }

  /** Readiness by role (api: database and queue; worker: those and its heartbeat; web: its files); 503 while draining. */
  @Get('ready')
  @Header('Cache-Control', 'no-store')
  @DirectRoute((health: HealthController) => health.ready())
  ready(): Promise<ReadyReply> {
    return this.readiness.check();
  }

  @Get()
  @Header('Cache-Control', 'no-store')
  @DirectRoute((health: HealthController) => health.check())
  check(): Promise<HealthReply> {
    return this.health.check();
  }
}
