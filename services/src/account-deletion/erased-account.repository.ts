import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { ErasedAccountEntity } from './erased-account.entity';

/** The rows of `erased_accounts`: hashes written when an account is deleted, read at sign-up. */
@Injectable()
export class ErasedAccountRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Writes the hashes in `m`'s transaction; one already there (the same person deleted twice) stays. */
  async remember(m: EntityManager, hashes: string[]): Promise<void> {
    await m
      .createQueryBuilder()
      .insert()
      .into(ErasedAccountEntity)
      .values(hashes.map((hash) => ({ hash, createdAt: new Date() })))
      .orIgnore()
      .execute();
  }

  /** Whether any of these hashes was written. */
  async anyOf(hashes: string[]): Promise<boolean> {
    return this.dataSource.getRepository(ErasedAccountEntity).existsBy({ hash: In(hashes) });
  }
}
