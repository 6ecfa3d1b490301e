import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { ReferralSummaryReply } from '@veo3/contracts/referrals';
import { JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { ReferralsService } from './referrals.service';

/** The account page's "Invite friends": the caller's link and what it brought. */
@ApiTags('account')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api/referrals')
export class ReferralsController {
  constructor(private readonly referrals: ReferralsService) {}

  @Get()
  async summary(@CurrentUser() user: SessionUser): Promise<ReferralSummaryReply> {
    return { success: true, data: await this.referrals.summary(user.id) };
  }
}
