import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HealthErrorCode, HealthException } from './health.exception';

const DATABASE_TIMEOUT_MS = 3_000;

@Injectable()
export class HealthService {
  constructor(private readonly dataSource: DataSource) {}

  /** A real round trip to the database, bounded so a hung database answers 503 rather than hanging the probe. */
  async check(): Promise<{ status: 'ok' }> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), DATABASE_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ok' };
    } catch (error) {
      throw new HealthException(
        HealthErrorCode.DatabaseDown,
        `Database unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }
}
