import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { JWT_SECRET } from '../auth/auth.tokens';
import { runFfmpeg } from './ffmpeg.runner';

export type LinkKind = 'file' | 'upload' | 'last-frame' | 'poster';

/** How long a video link stays valid; status and history replies hand out fresh ones. */
export const VIDEO_LINK_SECONDS = 6 * 3600;

/** Uploads and finished videos on local disk under DATA_DIR (provider links expire, so we keep our own copy). */
@Injectable()
export class VideoStorage {
  readonly uploadsDir: string;
  readonly videosDir: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(JWT_SECRET) private readonly secret: string,
  ) {
    this.uploadsDir = join(config.dataDir, 'uploads');
    this.videosDir = join(config.dataDir, 'videos');
  }

  /** Stores an uploaded image: the first frame, or with `suffix` another one (the last frame). */
  async saveUpload(taskId: string, data: Buffer, ext: string, suffix = ''): Promise<string> {
    await mkdir(this.uploadsDir, { recursive: true });
    const name = `${taskId}${suffix}.${ext}`;
    await writeFile(join(this.uploadsDir, name), data);
    return name;
  }

  uploadPath(name: string): string {
    return join(this.uploadsDir, name);
  }

  /** A temporary path in the videos folder; `commitVideo` moves it in place once complete. */
  async incomingVideoPath(taskId: string): Promise<string> {
    await mkdir(this.videosDir, { recursive: true });
    return join(this.videosDir, `${taskId}.part`);
  }

  async commitVideo(taskId: string, incoming: string): Promise<string> {
    const name = `${taskId}.mp4`;
    await rename(incoming, join(this.videosDir, name));
    return name;
  }

  /** A JPEG still from 2 s into the video, or null when ffmpeg cannot read it (the video plays all the same). */
  async makePoster(taskId: string, videoName: string): Promise<string | null> {
    const name = `${taskId}.jpg`;
    const args = ['-y', '-ss', '2', '-i', join(this.videosDir, videoName), '-frames:v', '1', '-vf', 'scale=640:-2'];
    try {
      await runFfmpeg([...args, join(this.videosDir, name)], { durationSeconds: 1, timeoutMs: 15_000 });
      return name;
    } catch {
      return null;
    }
  }

  async discard(path: string): Promise<void> {
    await rm(path, { force: true });
  }

  /**
   * `/api/video/file/<id>?exp=…&sig=…` (or `/upload/`, `/last-frame/` for the task's images): usable without a
   * header (a <video> element, a provider fetching the image), only until it expires.
   */
  signedUrl(taskId: string, kind: LinkKind = 'file', now = Date.now()): string {
    const exp = Math.floor(now / 1000) + VIDEO_LINK_SECONDS;
    return `/api/video/${kind}/${taskId}?exp=${exp}&sig=${this.signature(kind, taskId, exp)}`;
  }

  verifyLink(kind: LinkKind, taskId: string, exp: number, sig: string, now = Date.now()): boolean {
    if (!Number.isInteger(exp) || exp * 1000 < now) return false;
    const expected = Buffer.from(this.signature(kind, taskId, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private signature(kind: LinkKind, taskId: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`video:${kind}:${taskId}:${exp}`).digest('base64url');
  }
}
