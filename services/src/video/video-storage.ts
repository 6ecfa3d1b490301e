import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { JWT_SECRET } from '../auth/auth.tokens';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage';
import { runFfmpeg } from './ffmpeg.runner';
import { storedImages, type VideoTaskEntity } from './video-task.entity';

/** `reference`: one of a task's reference images, its link subject `<task id>/<index>`. */
export type LinkKind = 'file' | 'upload' | 'last-frame' | 'poster' | 'reference';

/** How long a video link stays valid; status and history replies hand out fresh ones. */
export const VIDEO_LINK_SECONDS = 6 * 3600;

/** Signed links remembered at most (dropped together past it: each costs one HMAC to make again). */
const RECENT_LINKS_MAX = 10_000;

/** How long a presigned S3 URL the API redirects to stays valid: long enough to start playing, no more. */
export const PRESIGNED_SECONDS = 300;

const FOLDER: Record<LinkKind, 'videos' | 'uploads'> = {
  file: 'videos',
  poster: 'videos',
  upload: 'uploads',
  'last-frame': 'uploads',
  reference: 'uploads',
};

/** The temporary folders of `videoCopy` start with this. */
const COPY_PREFIX = 'veo3-parent-';

/** Where the API finds a task's file: a local file it sends itself, or a presigned URL it redirects to. */
export type StoredFile = { dir: string; name: string } | { url: string };

/**
 * Uploads and finished videos (provider links expire, so we keep our own copy) in the object
 * storage: `uploads/<name>` and `videos/<name>`, under DATA_DIR or in the S3 bucket. Task rows
 * keep the bare names.
 */
@Injectable()
export class VideoStorage {
  /** Where local storage keeps each folder (the layout DATA_DIR has always had). */
  readonly uploadsDir: string;
  readonly videosDir: string;
  /** Uploads on their way in and copies of videos for a provider (TEMP_DIR). */
  readonly tempDir: string;
  private readonly recentLinks = new Map<string, string>();
  /** Links are signed with a key of their own, so a link's signature can never stand for a session's. */
  private readonly linkKey: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(JWT_SECRET) sessionSecret: string,
    @Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage,
  ) {
    this.uploadsDir = join(config.dataDir, 'uploads');
    this.videosDir = join(config.dataDir, 'videos');
    this.tempDir = config.tempDir;
    this.linkKey = config.videoLinkSecret
      ? Buffer.from(config.videoLinkSecret)
      : Buffer.from(hkdfSync('sha256', sessionSecret, 'veo3-video-links', 'video link signing key', 32));
  }

  /** Stores an uploaded image from its temporary file (moved; copied when not `move`): the first frame, or with `suffix` another one (the last frame). */
  async saveUpload(taskId: string, path: string, ext: string, suffix = '', move = true): Promise<string> {
    const name = `${taskId}${suffix}.${ext}`;
    await this.objects.putFile(`uploads/${name}`, path, { move });
    return name;
  }

  readUpload(name: string): Promise<Buffer> {
    return this.objects.getBuffer(`uploads/${name}`);
  }

  async discardUpload(name: string): Promise<void> {
    await this.objects.delete(`uploads/${name}`);
  }

  /** Removes a stored video or poster (`videos/<name>`); one already gone is no error. */
  async discardVideo(name: string): Promise<void> {
    await this.objects.delete(`videos/${name}`);
  }

  /** A local path for the provider to download into; `commitVideo` stores it (in the videos folder, or a temp folder for S3). */
  incomingVideoPath(taskId: string): Promise<string> {
    return this.objects.scratchPath(`videos/${taskId}.mp4`);
  }

  /**
   * Stores the downloaded video and, while it is still a local file, cuts its poster (so S3 never
   * sends it back for ffmpeg); the incoming file is gone afterwards.
   */
  async commitVideo(taskId: string, incoming: string): Promise<string> {
    const name = `${taskId}.mp4`;
    await this.cutPoster(taskId, incoming);
    await this.objects.putFile(`videos/${name}`, incoming, { move: true });
    return name;
  }

  /** The poster `commitVideo` cut, or null when ffmpeg could not read the video (it plays all the same). */
  async makePoster(taskId: string, _videoName: string): Promise<string | null> {
    const name = `${taskId}.jpg`;
    return (await this.objects.exists(`videos/${name}`)) ? name : null;
  }

  /** Removes a local temporary file (a download that failed half-way, a copy made by `videoCopy`). */
  async discard(path: string): Promise<void> {
    await rm(path, { force: true });
    // A copy lies alone in a folder of its own (videoCopy); a download does not.
    if (basename(dirname(path)).startsWith(COPY_PREFIX)) await rm(dirname(path), { recursive: true, force: true });
  }

  /**
   * A temporary local copy of a finished video (`videos/<name>`), for a provider that takes the
   * video itself (an edit's or extension's parent); streamed, never whole in memory. The caller
   * removes it with `discard`.
   */
  async videoCopy(name: string): Promise<string> {
    const key = `videos/${name}`;
    await mkdir(this.tempDir, { recursive: true });
    const copy = join(await mkdtemp(join(this.tempDir, COPY_PREFIX)), basename(name));
    try {
      await pipeline((await this.objects.get(key)).body, createWriteStream(copy));
      return copy;
    } catch (error) {
      await this.discard(copy);
      throw error;
    }
  }

  /**
   * The storage keys of a task's files: the names its row keeps, and the names its video and poster
   * are stored under (a video finishing while its row is read is deleted all the same).
   */
  keysOf(
    task: Pick<VideoTaskEntity, 'id' | 'resultPath' | 'posterPath' | 'imagePath' | 'lastFramePath' | 'referenceImages'>,
  ): string[] {
    const stored: [LinkKind, string | null][] = [
      ['file', task.resultPath],
      ['poster', task.posterPath],
      ['upload', task.imagePath],
      ['last-frame', task.lastFramePath],
      ...storedImages(task).map((image): [LinkKind, string] => ['reference', image.path]),
    ];
    const keys = stored.filter(([, name]) => name).map(([kind, name]) => `${FOLDER[kind]}/${name}`);
    return [...new Set([...keys, `videos/${task.id}.mp4`, `videos/${task.id}.jpg`])];
  }

  /** Deletes a stored object by its key (a missing one is not an error). */
  deleteKey(key: string): Promise<void> {
    return this.objects.delete(key);
  }

  /**
   * The task's stored file of this kind: sent from local disk, or through a presigned URL for a while.
   * `shared`: for a shared video's public page, played where it is and revalidated on every use.
   */
  async locate(kind: LinkKind, taskId: string, name: string, shared = false): Promise<StoredFile> {
    const key = `${FOLDER[kind]}/${name}`;
    const path = this.objects.localPath(key);
    if (path) return { dir: dirname(path), name: basename(path) };
    const url = await this.objects.readUrl(key, {
      expiresInSeconds: PRESIGNED_SECONDS,
      // A <video> plays it all the same; a link to it (the history's Download, cross-origin now, so its
      // `download` attribute no longer counts) saves it instead of opening it.
      contentDisposition: kind === 'file' && !shared ? `attachment; filename="ai-video-${taskId}.mp4"` : undefined,
      cacheControl: shared ? 'no-cache' : `private, max-age=${PRESIGNED_SECONDS}`,
    });
    return { url: url! };
  }

  /**
   * `/api/video/file/<id>?exp=…&sig=…` (or `/upload/`, `/last-frame/`, `/reference/<id>/<index>` for the task's images): usable without a
   * header (a <video> element, a provider fetching the image), only until it expires. Links made in
   * the same minute share their expiry (at most a minute later), so a task polled every 3 s is
   * signed once a minute rather than on each poll.
   */
  signedUrl(taskId: string, kind: LinkKind = 'file', now = Date.now()): string {
    const exp = Math.ceil((now / 1000 + VIDEO_LINK_SECONDS) / 60) * 60;
    const key = `${kind}:${taskId}:${exp}`;
    let url = this.recentLinks.get(key);
    if (url === undefined) {
      if (this.recentLinks.size >= RECENT_LINKS_MAX) this.recentLinks.clear();
      url = `/api/video/${kind}/${taskId}?exp=${exp}&sig=${this.signature(kind, taskId, exp)}`;
      this.recentLinks.set(key, url);
    }
    return url;
  }

  /** Valid signature, not expired, and not lasting longer than a link we make (rounded up to the minute) would. */
  verifyLink(kind: LinkKind, taskId: string, exp: number, sig: string, now = Date.now()): boolean {
    if (!Number.isInteger(exp) || exp * 1000 < now || exp * 1000 > now + (VIDEO_LINK_SECONDS + 60) * 1000) return false;
    const expected = Buffer.from(this.signature(kind, taskId, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** A JPEG still from 2 s in; a video ffmpeg cannot read simply gets none. */
  private async cutPoster(taskId: string, video: string): Promise<void> {
    const key = `videos/${taskId}.jpg`;
    const still = await this.objects.scratchPath(key);
    const args = ['-y', '-ss', '2', '-i', video, '-frames:v', '1', '-vf', 'scale=640:-2', still];
    try {
      await runFfmpeg(args, { durationSeconds: 1, timeoutMs: 15_000 });
      await this.objects.putFile(key, still, { move: true });
    } catch {
      await rm(still, { force: true });
    }
  }

  private signature(kind: LinkKind, taskId: string, exp: number): string {
    return createHmac('sha256', this.linkKey).update(`video:${kind}:${taskId}:${exp}`).digest('base64url');
  }
}
