import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { EffectFiles, type EffectFileKind } from './effect-files.service';
import { effectNotFound } from './effects.exception';
import { EffectsRepository } from './effects.repository';

/** A day: each URL names its file's version (`?v=`), so a new upload never hides behind a cached one. */
const MAX_AGE = 86_400;

/**
 * An effect's sample video and poster, public: the console's upload, else the bundled seed asset
 * (EffectFiles). From local disk with Range, ETag and Last-Modified; from S3, a redirect to a
 * presigned URL. An unpublished effect's files stay reachable, for the console's preview.
 */
@ApiExcludeController()
@Controller('effects')
export class EffectFilesController {
  constructor(
    private readonly rows: EffectsRepository,
    private readonly files: EffectFiles,
  ) {}

  @Get(':slug/sample.mp4')
  sample(@Param('slug') slug: string, @Res() reply: FastifyReply): Promise<void> {
    return this.send(reply, slug, 'sample');
  }

  @Get(':slug/poster.jpg')
  poster(@Param('slug') slug: string, @Res() reply: FastifyReply): Promise<void> {
    return this.send(reply, slug, 'poster');
  }

  private async send(reply: FastifyReply, slug: string, kind: EffectFileKind): Promise<void> {
    const effect = await this.rows.findBySlug(slug);
    const file = effect && (await this.files.locate(effect, kind));
    if (!file) throw effectNotFound();
    if ('url' in file) {
      await reply.header('Cache-Control', 'no-store').redirect(file.url, 302);
      return;
    }
    await reply
      .header('Cache-Control', `public, max-age=${MAX_AGE}`)
      .sendFile(file.name, file.dir, { cacheControl: false });
  }
}
