import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DirectRoute } from '../common/direct-route';
import { HealthService, type HealthReport } from './health.service';
import { ReadinessService, type ReadinessReport } from './readiness.service';

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
  @ApiOkResponse({ description: 'The process is alive', schema: { example: { status: 'alive' } } })
  live(): { status: 'alive' } {
    return { status: 'alive' };
  }

  /** Readiness by role (api: database and queue; worker: those and its heartbeat; web: its files); 503 while draining. */
  @Get('ready')
  @Header('Cache-Control', 'no-store')
  @DirectRoute((health: HealthController) => health.ready())
  @ApiOkResponse({
    description: 'This process may take traffic',
    schema: { example: { status: 'ready', role: 'api', checks: ['draining', 'database', 'queue'] } },
  })
  @ApiServiceUnavailableResponse({ description: 'Not ready: the message names the failing checks' })
  ready(): Promise<ReadinessReport> {
    return this.readiness.check();
  }

  @Get()
  @Header('Cache-Control', 'no-store')
  @DirectRoute((health: HealthController) => health.check())
  @ApiOkResponse({
    description:
      'The service and its database answer; `degraded` when video generation is refused for lack of a usable provider model',
    schema: { example: { status: 'degraded', video: { provider: 'veo', status: 'degraded', reason: '…' } } },
  })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer' })
  check(): Promise<HealthReport> {
    return this.health.check();
  }
}
