import { Injectable } from '@nestjs/common';
import type { FileQuery } from '@veo3/contracts/video';
import type { SessionUser } from '../users/session-user';
import { VideoStorage, type LinkKind } from './video-storage';
import { storedImages, type VideoTaskEntity } from './video-task.entity';
import { VideoTaskRepository } from './video-task.repository';
import { VideoErrorCode, VideoException } from './video.exception';

/** The stored name of the task's file of this kind (`index`: a reference image's place), if any. */
function storedName(task: VideoTaskEntity, kind: LinkKind, index: number): string | null | undefined {
  return {
    file: task.resultPath,
    upload: task.imagePath,
    'last-frame': task.lastFramePath,
    poster: task.posterPath,
    reference: storedImages(task)[index]?.path,
  }[kind];
}

/** A task's stored files (its video, poster and images), for their owner or a signed link's holder. */
@Injectable()
export class VideoFilesService {
  constructor(
    private readonly storage: VideoStorage,
    private readonly tasks: VideoTaskRepository,
  ) {}

  /** The storage keys of every file of the user's tasks, deleted ones too (a deleted account's). */
  async storedKeysOf(userId: string): Promise<string[]> {
    const tasks = await this.tasks.filesOf(userId);
    return [...new Set(tasks.flatMap((task) => this.storage.keysOf(task)))];
  }

  /** Deletes one stored file by its key. */
  deleteStored(key: string): Promise<void> {
    return this.storage.deleteKey(key);
  }

  /**
   * The stored file of a task (its finished video, a still of it, or one of its images), for its
   * owner or for a valid signed link (`link`); a path relative to the storage folder of that kind.
   */
  async fileFor(
    kind: LinkKind,
    taskId: string,
    viewer: SessionUser | null,
    { exp, sig }: FileQuery,
    index = 0,
  ): Promise<string> {
    const found = await this.tasks.findById(taskId);
    // A deleted task's files are kept for its restore, but served to nobody.
    const task = found?.deletedAt ? null : found;
    const subject = kind === 'reference' ? `${taskId}/${index}` : taskId;
    const allowed =
      task &&
      (viewer?.id === task.userId || (exp !== undefined && sig && this.storage.verifyLink(kind, subject, exp, sig)));
    const path = task && storedName(task, kind, index);
    if (!path || !allowed) {
      if (task && sig && !viewer)
        throw new VideoException(
          VideoErrorCode.LinkExpired,
          'This video link has expired. Open the video again from your history.',
        );
      throw new VideoException(VideoErrorCode.NotFound, 'Video not found');
    }
    return path;
  }
}
