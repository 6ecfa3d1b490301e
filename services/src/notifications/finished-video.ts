/** A video that just finished, as the video module tells this module (after its transaction committed). */
export interface FinishedVideo {
  taskId: string;
  userId: string;
  status: 'completed' | 'failed';
  prompt: string;
  /** What it cost: given back when it failed. */
  credits: number;
  /** The poster's storage key (`videos/<task>.jpg`); null without one (a failure, or ffmpeg could not cut one). */
  posterKey: string | null;
  /** A signed link to the poster (valid VIDEO_LINK_SECONDS), the push notification's image; null without one. */
  posterUrl: string | null;
}
