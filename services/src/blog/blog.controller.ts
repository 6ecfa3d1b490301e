import { Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BlogManagerGuard, JwtAuthGuard } from '../auth/auth.guards';
import { BLOG_IMAGE_NAME, BlogImagesService, type BlogImage } from './blog-images.service';
import { BlogErrorCode, BlogException } from './blog.exception';
import { BlogService } from './blog.service';
import { BlogListQuerySchema, type BlogListQuery, type ContentImageUploadReply } from '@veo3/contracts/blog';
import { blogListReply, blogPostReply } from '../http/blog-replies';
import { sendCached } from '../http/send-cached';

const JSON_TYPE = 'application/json; charset=utf-8';
const YEAR = 'public, max-age=31536000, immutable';

/** A local image through @fastify/static; one from S3 streamed with the same caching and revalidation. */
async function sendImage(request: FastifyRequest, reply: FastifyReply, image: BlogImage): Promise<void> {
  if ('dir' in image) {
    await reply.sendFile(image.name, image.dir, { maxAge: '365d', immutable: true });
    return;
  }
  reply.header('Cache-Control', YEAR).header('Content-Type', image.contentType);
  if (image.lastModified) reply.header('Last-Modified', image.lastModified.toUTCString());
  if (image.etag) reply.header('ETag', image.etag);
  if (image.etag && request.headers['if-none-match'] === image.etag) {
    image.body.destroy();
    await reply.code(304).send();
    return;
  }
  await reply.header('Content-Length', image.size).send(image.body);
}

@ApiTags('blog')
@Controller('api/blog')
export class BlogController {
  constructor(
    private readonly blog: BlogService,
    private readonly images: BlogImagesService,
  ) {}

  @Get('posts')
  async list(
    @Query({ schema: BlogListQuerySchema }) query: BlogListQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    sendCached(request, reply, await blogListReply(this.blog, query.page, query.limit), JSON_TYPE);
  }

  @Get('posts/:slug')
  async post(@Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendCached(request, reply, await blogPostReply(this.blog, slug), JSON_TYPE);
  }

  /** Images inside articles (SPEC §7 'POST /api/blog/upload-image'). */
  @Post('upload-image')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard, BlogManagerGuard)
  async uploadImage(@Req() request: FastifyRequest): Promise<ContentImageUploadReply> {
    return { success: true, imageUrl: await this.images.upload(request), message: 'Image uploaded' };
  }

  /**
   * Stored names are random and never reused, so a browser or CDN may keep them for a year. From S3
   * the image is streamed through here, so its URL, headers and origin stay the same.
   */
  @Get('images/:name')
  async image(@Param('name') name: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!BLOG_IMAGE_NAME.test(name)) throw new BlogException(BlogErrorCode.NotFound, 'Image not found');
    await sendImage(request, reply, await this.images.find(name));
  }
}
