import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminOverviewQuerySchema, type AdminOverviewQuery, type AdminOverviewReply } from '@veo3/contracts/admin';
import { AdminGuard, JwtAuthGuard } from '../auth/auth.guards';
import { AdminOverviewService } from './admin-overview.service';

/** The admin console's overview by day (admin role only). */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('api/admin')
export class AdminOverviewController {
  constructor(private readonly overview: AdminOverviewService) {}

  @Get('overview')
  async get(@Query({ schema: AdminOverviewQuerySchema }) query: AdminOverviewQuery): Promise<AdminOverviewReply> {
    return { success: true, data: await this.overview.overview(query) };
  }
}
