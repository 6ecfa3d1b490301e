import { Module } from '@nestjs/common';
import { BlogModule } from '../blog/blog.module';
import { EffectsModule } from '../effects/effects.module';
import { SharedVideosModule } from '../sharing/shared-videos.module';
import { SiteController } from './site.controller';
import { BlogPagesRenderer } from './blog-pages.renderer';
import { EffectPagesRenderer } from './effect-pages.renderer';
import { FeedsService } from './feeds.service';
import { PageShellRenderer } from './page-shell.renderer';
import { RemoteMapService } from './remote-map.service';

@Module({
  imports: [BlogModule, EffectsModule, SharedVideosModule],
  controllers: [SiteController],
  providers: [PageShellRenderer, BlogPagesRenderer, EffectPagesRenderer, FeedsService, RemoteMapService],
  exports: [PageShellRenderer],
})
export class SiteModule {}
