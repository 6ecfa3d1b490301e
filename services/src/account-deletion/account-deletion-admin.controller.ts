import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AdminUserDeleteSchema,
  type AdminUserDeleteBody,
  type AdminUserDeleteReply,
} from '@veo3/contracts/account-deletion';
import { CurrentAdmin, type AdminActor } from '../admin/admin-actor';
import { AdminGuard, JwtAuthGuard } from '../auth/auth.guards';
import { AccountDeletionService } from './account-deletion.service';

/** An admin deletes a user's account from the console's user page (admin role only; reason required, audited). */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('api/admin/users')
export class AccountDeletionAdminController {
  constructor(private readonly deletion: AccountDeletionService) {}

  @Post(':id/delete')
  @HttpCode(200)
  async delete(
    @Param('id') id: string,
    @Body({ schema: AdminUserDeleteSchema }) body: AdminUserDeleteBody,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminUserDeleteReply> {
    return { success: true, data: await this.deletion.deleteByAdmin(id, body, actor) };
  }
}
