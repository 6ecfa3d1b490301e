import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: 'The service and its database answer', schema: { example: { status: 'ok' } } })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer' })
  check(): Promise<{ status: 'ok' }> {
    return this.health.check();
  }
}
