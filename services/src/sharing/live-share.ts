import type { VideoTaskEntity } from '../video/video-task.entity';
import type { SharedVideoEntity } from './shared-video.entity';

/**
 * A live share with the task it shows: what the public page, its files and a remix read. Live: not
 * stopped, and its video still its owner's, finished with its file, and not deleted.
 */
export interface LiveShare {
  share: SharedVideoEntity;
  task: VideoTaskEntity;
}
