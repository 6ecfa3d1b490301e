import type { DynamicModule, Provider, Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { SiteModule } from '../site/site.module';
import { UsersModule } from '../users/users.module';
import { VideoModule } from '../video/video.module';
import { GalleryAdminController } from './gallery-admin.controller';
import { GalleryBanEntity } from './gallery-ban.entity';
import { GalleryPagesController } from './gallery-pages.controller';
import { GalleryPagesRenderer } from './gallery-pages.renderer';
import { GalleryReportEntity } from './gallery-report.entity';
import { GalleryReportLimit } from './gallery-report-limit';
import { GalleryReviewService } from './gallery-review.service';
import { GalleryScreen } from './gallery-screen';
import { GalleryController } from './gallery.controller';
import { GalleryRepository } from './gallery.repository';
import { GalleryService } from './gallery.service';

/**
 * The community gallery's part of the sharing module (sharing.module.ts spreads these into its own):
 * the modules it needs, its providers and controllers, and what it offers the rest of the app
 * (GalleryScreen to the share feature; GalleryRepository to the data export; GalleryService, an
 * AccountEraser, to account deletion).
 */
export const GALLERY_IMPORTS: (Type | DynamicModule)[] = [
  TypeOrmModule.forFeature([GalleryReportEntity, GalleryBanEntity]),
  AuditModule,
  UsersModule,
  VideoModule,
  SiteModule,
];
export const GALLERY_PROVIDERS: Provider[] = [
  GalleryRepository,
  GalleryScreen,
  GalleryService,
  GalleryReviewService,
  GalleryReportLimit,
  GalleryPagesRenderer,
];
export const GALLERY_CONTROLLERS: Type[] = [GalleryController, GalleryAdminController, GalleryPagesController];
export const GALLERY_EXPORTS: Provider[] = [GalleryScreen, GalleryRepository, GalleryService];
