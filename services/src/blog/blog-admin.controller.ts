import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseIntPipe,
  Post,
  Put,
  Query,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { BlogManagerGuard, JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import { BodyLimit } from '../http/body-limit';
import type { SessionUser } from '../users/session-user';
import { BlogImagesService } from './blog-images.service';
import { BlogService } from './blog.service';
import {
  AdminListQuerySchema,
  BlogPostSchema,
  type AdminListQuery,
  type BlogPostBody,
  type AdminPostDeletedReply,
  type AdminPostListReply,
  type AdminPostReply,
  type AdminPostSavedReply,
  type FeaturedImageUploadReply,
} from '@veo3/contracts/blog';

/** An article's JSON: up to 2,000,000 characters of content, each up to 3 bytes in UTF-8. */
const POST_BODY_LIMIT = 6 * 1024 * 1024;

/** Blog management: blog managers only, checked on the server (SPEC §6). */
@ApiTags('blog admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, BlogManagerGuard)
@Controller('api/blog/admin')
export class BlogAdminController {
  constructor(
    private readonly blog: BlogService,
    private readonly images: BlogImagesService,
  ) {}

  @Get('posts')
  async list(@Query({ schema: AdminListQuerySchema }) query: AdminListQuery): Promise<AdminPostListReply> {
    return { success: true, data: await this.blog.adminList(query.page, query.limit) };
  }

  @Get('posts/:id')
  async get(@Param('id', ParseIntPipe) id: number): Promise<AdminPostReply> {
    return { success: true, data: await this.blog.adminGet(id) };
  }

  @Post('posts')
  @BodyLimit(POST_BODY_LIMIT)
  async create(
    @CurrentUser() user: SessionUser,
    @Body({ schema: BlogPostSchema }) body: BlogPostBody,
  ): Promise<AdminPostSavedReply> {
    return { success: true, data: await this.blog.create(user, body), message: 'Article created' };
  }

  @Put('posts/:id')
  @BodyLimit(POST_BODY_LIMIT)
  async update(
    @Param('id', ParseIntPipe) id: number,
    @Body({ schema: BlogPostSchema }) body: BlogPostBody,
  ): Promise<AdminPostSavedReply> {
    return { success: true, data: await this.blog.update(id, body), message: 'Article updated' };
  }

  @Delete('posts/:id')
  async remove(@Param('id', ParseIntPipe) id: number): Promise<AdminPostDeletedReply> {
    await this.blog.remove(id);
    return { success: true, message: 'Article deleted' };
  }

  /** The featured image (SPEC §7 'POST /api/blog/admin/upload'). */
  @Post('upload')
  @HttpCode(200)
  async upload(@Req() request: FastifyRequest): Promise<FeaturedImageUploadReply> {
    return { success: true, data: { url: await this.images.upload(request) }, message: 'Image uploaded' };
  }
}
