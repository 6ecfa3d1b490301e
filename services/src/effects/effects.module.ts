import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { StorageModule } from '../storage/storage.module';
import { VideoModule } from '../video/video.module';
import { EffectCatalog } from './effect-catalog.service';
import { EffectFiles } from './effect-files.service';
import { EffectFilesController } from './effect-files.controller';
import { EffectGenerationService } from './effect-generation.service';
import { EffectsAdminController } from './effects-admin.controller';
import { EffectsAdminService } from './effects-admin.service';
import { EffectsController } from './effects.controller';
import { EffectsRepository } from './effects.repository';
import { VideoEffectEntity } from './video-effect.entity';

/**
 * Effect templates (one-tap videos): the public list, a generation through the video module's
 * pipeline, the sample files, and the console's section. Exports EffectCatalog for the site's pages.
 * Loaded by the processes that serve the API or the pages; the role gate keeps each route to its role.
 */
@Module({
  imports: [TypeOrmModule.forFeature([VideoEffectEntity]), AuditModule, AuthModule, StorageModule, VideoModule],
  controllers: [EffectsController, EffectFilesController, EffectsAdminController],
  providers: [EffectCatalog, EffectFiles, EffectGenerationService, EffectsAdminService, EffectsRepository],
  exports: [EffectCatalog],
})
export class EffectsModule {}
