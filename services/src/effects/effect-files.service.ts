import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage';
import { runFfmpeg } from '../video/ffmpeg.runner';
import { PRESIGNED_SECONDS, type StoredFile } from '../video/video-storage';
import type { VideoEffectEntity } from './video-effect.entity';

/** An effect's two public files. */
export type EffectFileKind = 'sample' | 'poster';

const BUNDLED_EXT: Record<EffectFileKind, string> = { sample: 'mp4', poster: 'jpg' };
const ROUTE: Record<EffectFileKind, string> = { sample: 'sample.mp4', poster: 'poster.jpg' };

/** services/assets/effects, beside this code's folder in src/ and in dist/ alike (the image copies it). */
const BUNDLED_DIR = resolve(__dirname, '..', '..', 'assets', 'effects');

type FileOwner = Pick<VideoEffectEntity, 'slug' | 'samplePath' | 'posterPath'>;

/**
 * An effect's sample video and poster: the console's upload (storage, `effects/<name>`) when there
 * is one, else the seed's bundled asset (services/assets/effects/<slug>.mp4 and .jpg, in the image
 * too). Public at /effects/<slug>/sample.mp4 and /poster.jpg.
 */
@Injectable()
export class EffectFiles {
  /** The seed effects' samples, rendered by `npm run effects:samples`. */
  readonly bundledDir = BUNDLED_DIR;

  constructor(@Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage) {}

  /**
   * The file's public URL, or null when the effect has none. It names the file's version (`v`), so
   * a cache may keep it long and a new upload is fetched at once.
   */
  url(effect: FileOwner, kind: EffectFileKind): string | null {
    const uploaded = kind === 'sample' ? effect.samplePath : effect.posterPath;
    if (!uploaded && !this.bundledPath(effect.slug, kind)) return null;
    const version = createHash('sha256')
      .update(uploaded ?? 'bundled')
      .digest('base64url')
      .slice(0, 10);
    return `/effects/${effect.slug}/${ROUTE[kind]}?v=${version}`;
  }

  /** Where the file is: a local file, a presigned URL (S3), or null when the effect has none. */
  async locate(effect: FileOwner, kind: EffectFileKind): Promise<StoredFile | null> {
    const uploaded = kind === 'sample' ? effect.samplePath : effect.posterPath;
    if (uploaded) {
      const key = `effects/${uploaded}`;
      const path = this.objects.localPath(key);
      if (path) return { dir: dirname(path), name: basename(path) };
      const url = await this.objects.readUrl(key, {
        expiresInSeconds: PRESIGNED_SECONDS,
        cacheControl: 'public, max-age=86400',
      });
      return { url: url! };
    }
    const bundled = this.bundledPath(effect.slug, kind);
    return bundled ? { dir: this.bundledDir, name: basename(bundled) } : null;
  }

  /**
   * Stores an uploaded sample (moved from its temporary file) and a JPEG poster cut from it (none
   * when ffmpeg cannot cut one); the stored names. Each upload gets new names, so cached copies of
   * the previous one are never served for it.
   */
  async saveSample(
    effectId: string,
    video: string,
    ext: 'mp4' | 'webm',
  ): Promise<{ sample: string; poster: string | null }> {
    const stem = `${effectId}-${Date.now()}`;
    const poster = `${stem}.jpg`;
    const still = await this.objects.scratchPath(`effects/${poster}`);
    let posterSaved = true;
    try {
      await runFfmpeg(['-y', '-ss', '1', '-i', video, '-frames:v', '1', '-vf', 'scale=640:-2', still], {
        durationSeconds: 1,
        timeoutMs: 15_000,
      });
      await this.objects.putFile(`effects/${poster}`, still, { move: true });
    } catch {
      posterSaved = false;
      await rm(still, { force: true });
    }
    const sample = `${stem}.${ext}`;
    await this.objects.putFile(`effects/${sample}`, video, { move: true });
    return { sample, poster: posterSaved ? poster : null };
  }

  /** Removes a replaced upload; one already gone is no error. */
  async discard(name: string | null): Promise<void> {
    if (name) await this.objects.delete(`effects/${name}`);
  }

  private bundledPath(slug: string, kind: EffectFileKind): string | null {
    const path = join(this.bundledDir, `${slug}.${BUNDLED_EXT[kind]}`);
    return existsSync(path) ? path : null;
  }
}
