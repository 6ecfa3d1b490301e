import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SharedVideoEntity } from './shared-video.entity';
import { SharedVideoRepository } from './shared-video.repository';

/**
 * The `shared_videos` table on its own, for the modules that write it beside their own rows: the
 * video module (a remix's counter in its debit's transaction, a deleted video's shares), account
 * deletion and the data export. The sharing module (pages, files, routes) imports the video module,
 * so this part stands apart to keep the imports one-way.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SharedVideoEntity])],
  providers: [SharedVideoRepository],
  exports: [SharedVideoRepository, TypeOrmModule],
})
export class SharedVideosModule {}
