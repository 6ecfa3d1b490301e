import type { DataSource } from 'typeorm';
import { isUniqueViolation } from '../database/transaction';
import type { LeaseStore } from './lease-store';
import { ScheduleLeaseRepository } from './schedule-lease.repository';

/** Leases as rows of `schedule_leases` (without Redis): one conditional update, or the insert that creates the row. */
export class DatabaseLeaseStore implements LeaseStore {
  private readonly leases: ScheduleLeaseRepository;

  constructor(dataSource: DataSource) {
    this.leases = new ScheduleLeaseRepository(dataSource);
  }

  async acquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ttlMs);
    if (await this.leases.takeOver(name, holder, now, expiresAt)) return true;
    try {
      await this.leases.insert(name, holder, expiresAt);
      return true;
    } catch (error) {
      // The row exists (another process holds a live lease) or was created a moment ago by another process.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async release(name: string, holder: string): Promise<void> {
    await this.leases.delete(name, holder);
  }

  async close(): Promise<void> {}
}
