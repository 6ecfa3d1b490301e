import { Module } from '@nestjs/common';
import { BlogModule } from '../blog/blog.module';
import { SiteController } from './site.controller';
import { SiteService } from './site.service';
import { RemoteMapService } from './remote-map.service';

@Module({
  imports: [BlogModule],
  controllers: [SiteController],
  providers: [SiteService, RemoteMapService],
  exports: [SiteService],
})
export class SiteModule {}
