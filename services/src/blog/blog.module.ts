import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { StorageModule } from '../storage/storage.module';
import { BlogAdminController } from './blog-admin.controller';
import { BlogImagesService } from './blog-images.service';
import { BlogPostEntity } from './blog-post.entity';
import { BlogPostRepository } from './blog-post.repository';
import { BlogController } from './blog.controller';
import { BlogService } from './blog.service';

@Module({
  imports: [TypeOrmModule.forFeature([BlogPostEntity]), AuthModule, StorageModule],
  controllers: [BlogController, BlogAdminController],
  providers: [BlogService, BlogPostRepository, BlogImagesService],
  exports: [BlogService, BlogPostRepository],
})
export class BlogModule {}
