import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { UsersModule } from '../users/users.module';
import { VideoModule } from '../video/video.module';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { ApiKeyEntity } from './api-key.entity';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';

/** API keys: made on the account page, used on `/v1` and `/mcp`, watched and revoked in the console. */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKeyEntity]), UsersModule, VideoModule, AuditModule],
  controllers: [ApiKeysController],
  providers: [ApiKeyRepository, ApiKeyAuthenticator, ApiKeyGuard, ApiKeysService],
  exports: [ApiKeyRepository, ApiKeyAuthenticator, ApiKeyGuard, ApiKeysService],
})
export class ApiKeysModule {}
