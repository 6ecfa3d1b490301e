import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SiteModule } from '../site/site.module';
import { VideoModule } from '../video/video.module';
import { GALLERY_CONTROLLERS, GALLERY_EXPORTS, GALLERY_IMPORTS, GALLERY_PROVIDERS } from './gallery.providers';
import { SharePageRenderer } from './share-page.renderer';
import { SharePagesController } from './share-pages.controller';
import { SharedVideosModule } from './shared-videos.module';
import { SharingController } from './sharing.controller';
import { SharingService } from './sharing.service';

/**
 * Shared videos (`/v/<id>`, its files, oEmbed, remix settings) and the community gallery, one module:
 * the gallery's providers and controllers come from gallery.providers.ts. Loaded by the processes that
 * serve the API or the pages; the role gate keeps each route to its role.
 */
@Module({
  imports: [SharedVideosModule, AuthModule, VideoModule, SiteModule, ...GALLERY_IMPORTS],
  controllers: [SharingController, SharePagesController, ...GALLERY_CONTROLLERS],
  providers: [SharingService, SharePageRenderer, ...GALLERY_PROVIDERS],
  exports: [SharingService, ...GALLERY_EXPORTS],
})
export class SharingModule {}
