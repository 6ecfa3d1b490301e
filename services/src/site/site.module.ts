import { Module } from '@nestjs/common';
import { BlogModule } from '../blog/blog.module';
import { SiteController } from './site.controller';
import { SiteService } from './site.service';

@Module({ imports: [BlogModule], controllers: [SiteController], providers: [SiteService], exports: [SiteService] })
export class SiteModule {}
