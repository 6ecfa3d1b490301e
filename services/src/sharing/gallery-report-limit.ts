import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { GalleryErrorCode, GalleryException } from './gallery.exception';

/** Reports one visitor may send in an hour, whatever the videos: plenty for a person, little for a script. */
export const GALLERY_REPORTS_PER_HOUR = 10;
const WINDOW_MS = 3_600_000;

/** Counts a visitor's reports in the throttler's storage (Redis with REDIS_URL, so per site, not per process). */
@Injectable()
export class GalleryReportLimit {
  constructor(@InjectThrottlerStorage() private readonly storage: ThrottlerStorage) {}

  /** One more report of the visitor `visitorKey` (already a hash), or the 429 with the seconds to wait. */
  async take(visitorKey: string): Promise<void> {
    const hits = await this.storage.increment(
      `gallery-reports:${visitorKey}`,
      WINDOW_MS,
      GALLERY_REPORTS_PER_HOUR,
      WINDOW_MS,
      'gallery-reports',
    );
    if (!hits.isBlocked) return;
    throw new GalleryException(
      GalleryErrorCode.TooManyReports,
      `You can send ${GALLERY_REPORTS_PER_HOUR} reports an hour. Please try again later.`,
      Math.max(1, hits.timeToBlockExpire),
    );
  }
}
