import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DirectRoute } from '../common/direct-route';
import { HealthService, type HealthReport } from './health.service';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

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
