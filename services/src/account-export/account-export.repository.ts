import { Injectable } from '@nestjs/common';
import { DataSource, In, LessThan, Not, type EntityManager } from 'typeorm';
import { AccountExportEntity } from './account-export.entity';

/** The rows of `account_exports`. */
@Injectable()
export class AccountExportRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get rows() {
    return this.dataSource.getRepository(AccountExportEntity);
  }

  /** The user's latest export, any status. */
  latestOf(userId: string, m: EntityManager = this.dataSource.manager): Promise<AccountExportEntity | null> {
    return m.findOne(AccountExportEntity, { where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The user's latest export that counts against the limit (a failed one does not). */
  latestCounting(m: EntityManager, userId: string): Promise<AccountExportEntity | null> {
    return m.findOne(AccountExportEntity, {
      where: { userId, status: Not('failed') },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  async insert(m: EntityManager, row: Pick<AccountExportEntity, 'id' | 'userId' | 'createdAt'>): Promise<void> {
    await m.insert(AccountExportEntity, { ...row, status: 'building', progress: 0, updatedAt: row.createdAt });
  }

  findOwn(userId: string, id: string): Promise<AccountExportEntity | null> {
    return this.rows.findOne({ where: { id, userId } });
  }

  findById(id: string): Promise<AccountExportEntity | null> {
    return this.rows.findOne({ where: { id } });
  }

  /** Moves a building job's progress (and its updated_at, the sign it is alive). */
  async setProgress(id: string, progress: number): Promise<void> {
    await this.rows.update({ id, status: 'building' }, { progress });
  }

  /** False when the job is no longer building (the sweep gave up on it meanwhile). */
  async markReady(id: string, fields: { archiveKey: string; size: number; expiresAt: Date }): Promise<boolean> {
    const result = await this.rows.update({ id, status: 'building' }, { ...fields, status: 'ready', progress: 100 });
    return result.affected === 1;
  }

  async markFailed(id: string): Promise<void> {
    await this.rows.update({ id, status: 'building' }, { status: 'failed' });
  }

  /** Builds that stopped moving before `before` (their process died) become failed; how many. */
  async failStalled(before: Date): Promise<number> {
    const result = await this.rows.update({ status: 'building', updatedAt: LessThan(before) }, { status: 'failed' });
    return result.affected ?? 0;
  }

  /** Ready archives past their expiry. */
  expiredBy(now: Date, take: number): Promise<AccountExportEntity[]> {
    return this.rows.find({ where: { status: 'ready', expiresAt: LessThan(now) }, take });
  }

  async markExpired(id: string): Promise<void> {
    await this.rows.update({ id, status: 'ready' }, { status: 'expired', archiveKey: null });
  }

  /** Failed and expired rows created before `before`: no archive, and past the limit's window. */
  async deleteFinishedBefore(before: Date): Promise<void> {
    await this.rows.delete({ status: In(['failed', 'expired']), createdAt: LessThan(before) });
  }

  allOf(userId: string): Promise<AccountExportEntity[]> {
    return this.rows.find({ where: { userId } });
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.rows.delete({ userId });
  }
}
