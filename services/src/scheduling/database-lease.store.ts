import { Brackets, DataSource } from 'typeorm';
import { isUniqueViolation } from '../database/transaction';
import type { LeaseStore } from './lease-store';
import { ScheduleLeaseEntity } from './schedule-lease.entity';

/** Leases as rows of `schedule_leases` (without Redis): one conditional update, or the insert that creates the row. */
export class DatabaseLeaseStore implements LeaseStore {
  constructor(private readonly dataSource: DataSource) {}

  async acquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ttlMs);
    const { affected } = await this.dataSource
      .createQueryBuilder()
      .update(ScheduleLeaseEntity)
      .set({ holder, expiresAt })
      .where('name = :name', { name })
      .andWhere(new Brackets((qb) => qb.where('holder = :holder', { holder }).orWhere('expires_at <= :now', { now })))
      .execute();
    if (affected) return true;
    try {
      await this.dataSource.getRepository(ScheduleLeaseEntity).insert({ name, holder, expiresAt });
      return true;
    } catch (error) {
      // The row exists (another process holds a live lease) or was created a moment ago by another process.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async release(name: string, holder: string): Promise<void> {
    await this.dataSource.getRepository(ScheduleLeaseEntity).delete({ name, holder });
  }

  async close(): Promise<void> {}
}
