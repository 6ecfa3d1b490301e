import { Controller, Get, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { JwtAuthGuard, type AuthenticatedRequest } from '../auth/auth.guards';
import { EventStreamsService } from './event-streams.service';

@ApiTags('video')
@ApiBearerAuth()
@Controller('api/video')
export class EventsController {
  constructor(private readonly streams: EventStreamsService) {}

  /** The signed-in user's task and balance events, as Server-Sent Events (docs/EVENTS.md, contracts/src/events.ts). */
  @Get('events')
  @UseGuards(JwtAuthGuard)
  async events(@Req() request: AuthenticatedRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.streams.open(request, reply);
  }
}
