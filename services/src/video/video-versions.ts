import type { ProviderParent } from './providers/video-provider';
import type { VideoTaskEntity } from './video-task.entity';
import type { VideoStorage } from './video-storage';

/** The first version of the task's video: rows written by older releases have no root, which means their own id. */
export const rootOf = (task: Pick<VideoTaskEntity, 'id' | 'rootTaskId'>): string => task.rootTaskId ?? task.id;

/**
 * What a provider is told of an edit's or extension's parent. Its job id only when this provider
 * made it (another provider's id means nothing here); `videoPath` a local copy of its video.
 */
export function providerParent(parent: VideoTaskEntity, provider: string, videoPath: string): ProviderParent {
  return {
    jobId: parent.provider === provider ? parent.providerJobId : null,
    videoPath,
    durationSeconds: parent.durationS,
    prompt: parent.prompt,
  };
}

/** Runs `use` with a temporary local copy of the finished `parent`'s video, removed afterwards. */
export async function withParentVideo<T>(
  storage: VideoStorage,
  parent: VideoTaskEntity,
  use: (videoPath: string) => Promise<T>,
): Promise<T> {
  const copy = await storage.videoCopy(parent.resultPath!);
  try {
    return await use(copy);
  } finally {
    await storage.discard(copy);
  }
}
