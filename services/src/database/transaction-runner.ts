import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { inTransaction } from './transaction';

/**
 * inTransaction for services, which reach the database only through repositories: a service
 * injects this rather than the DataSource, and hands the manager to the repositories it calls.
 */
@Injectable()
export class TransactionRunner {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return inTransaction(this.dataSource, work);
  }

  /** The manager outside any transaction, for a repository read that takes one. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }
}
