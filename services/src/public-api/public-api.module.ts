import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AuthModule } from '../auth/auth.module';
import { CreditsModule } from '../credits/credits.module';
import { EventBusModule } from '../events/event-bus.module';
import { VideoModule } from '../video/video.module';
import { PublicApiController } from './public-api.controller';
import { PublicOpenApi } from './public-openapi';
import { PublicVideosController } from './public-videos.controller';
import { PublicVideosService } from './public-videos.service';

/** The versioned developer API, `/v1` (V1_ROUTES): API keys, plain resources, problem details. */
@Module({
  imports: [ApiKeysModule, AuthModule, CreditsModule, EventBusModule, VideoModule],
  controllers: [PublicVideosController, PublicApiController],
  providers: [PublicVideosService, PublicOpenApi],
  exports: [PublicVideosService, PublicOpenApi],
})
export class PublicApiModule {}
