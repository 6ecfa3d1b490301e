import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GALLERY_CONTROLLERS, GALLERY_EXPORTS, GALLERY_IMPORTS, GALLERY_PROVIDERS } from './gallery.providers';
import { SharedVideoEntity } from './shared-video.entity';

/**
 * STAND-IN, owned by the "share" branch (/work/shared-notes/share-gallery-interface.md): the sharing
 * module with only the gallery's part, so this branch boots. At merge the share branch's file
 * replaces this one, spreading GALLERY_IMPORTS, GALLERY_PROVIDERS, GALLERY_CONTROLLERS and GALLERY_EXPORTS.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SharedVideoEntity]), ...GALLERY_IMPORTS],
  providers: [...GALLERY_PROVIDERS],
  controllers: [...GALLERY_CONTROLLERS],
  exports: [...GALLERY_EXPORTS],
})
export class SharingModule {}
