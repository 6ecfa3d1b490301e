import { Controller, Get, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { EventStreamsService } from './event-streams.service';

@ApiTags('video')
@ApiBearerAuth()
@Controller('api/video')
export class EventsController {
  constructor(private readonly streams: EventStreamsService) {}

  /** The signed-in user's task and balance events, as Server-Sent Events (EVENTS-CONTRACT.md). */
  @Get('events')
  @UseGuards(JwtAuthGuard)
  async events(
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.streams.open(user, request, reply);
  }
}
