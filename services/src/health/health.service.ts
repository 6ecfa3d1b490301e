import { Injectable, Logger } from '@nestjs/common';
import { maskSecrets } from '../common/mask-secrets';
import { VideoAvailability, type VideoHealth } from '../video/video-availability';
import { HealthErrorCode, HealthException } from './health.exception';
import { HealthRepository } from './health.repository';

const DATABASE_TIMEOUT_MS = 3_000;

export interface HealthReport {
  /** `degraded`: the site serves, but video generation is refused (see `video.reason`). */
  status: 'ok' | 'degraded';
  video: VideoHealth;
}

@Injectable()
export class HealthService {
  private readonly logger = new Logger(HealthService.name);
  private probe: Promise<void> | null = null;

  constructor(
    private readonly database: HealthRepository,
    private readonly video: VideoAvailability,
  ) {}

  /**
   * A real round trip to the database, bounded so a hung database answers 503 rather than hanging
   * the probe; and what the video provider's model check last found, which never fails the probe.
   */
  async check(): Promise<HealthReport> {
    try {
      // Probes that arrive while one round trip is under way share it, rather than queue behind it.
      await (this.probe ??= this.database.roundTrip(DATABASE_TIMEOUT_MS).finally(() => (this.probe = null)));
    } catch (error) {
      // The driver's text can name hosts and users: the log has it, the public reply does not.
      this.logger.warn(`database probe failed: ${maskSecrets(error instanceof Error ? error.message : String(error))}`);
      throw new HealthException(HealthErrorCode.DatabaseDown, 'Database unavailable');
    }
    const video = this.video.health();
    return { status: video.status, video };
  }
}
