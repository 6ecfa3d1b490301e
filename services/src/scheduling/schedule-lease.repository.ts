import { Brackets, type DataSource } from 'typeorm';
import { ScheduleLeaseEntity } from './schedule-lease.entity';

/** The rows of `schedule_leases`. */
export class ScheduleLeaseRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Gives the lease to `holder` until `expiresAt` if it holds it or it expired by `now`; whether it did. */
  async takeOver(name: string, holder: string, now: Date, expiresAt: Date): Promise<boolean> {
    const { affected } = await this.dataSource
      .createQueryBuilder()
      .update(ScheduleLeaseEntity)
      .set({ holder, expiresAt })
      .where('name = :name', { name })
      .andWhere(new Brackets((qb) => qb.where('holder = :holder', { holder }).orWhere('expires_at <= :now', { now })))
      .execute();
    return Boolean(affected);
  }

  /** Writes the lease's row (its primary key refuses a second one). */
  async insert(name: string, holder: string, expiresAt: Date): Promise<void> {
    await this.dataSource.getRepository(ScheduleLeaseEntity).insert({ name, holder, expiresAt });
  }

  async delete(name: string, holder: string): Promise<void> {
    await this.dataSource.getRepository(ScheduleLeaseEntity).delete({ name, holder });
  }
}
