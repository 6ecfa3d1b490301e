import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The ledger's page order (user, newest first, id to break ties) read straight from one index, so
 * the balance's latest lines need no sort. MySQL's secondary indexes carry the id already; SQLite's
 * do not. The new index is made before the old one goes: the user foreign key needs one on MySQL.
 */
export class LedgerPageIndex1763684000000 implements MigrationInterface {
  name = 'LedgerPageIndex1763684000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'credit_transactions',
      new TableIndex({ name: 'idx_credit_transactions_user_page', columnNames: ['user_id', 'created_at', 'id'] }),
    );
    await queryRunner.dropIndex('credit_transactions', 'idx_credit_transactions_user_time');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'credit_transactions',
      new TableIndex({ name: 'idx_credit_transactions_user_time', columnNames: ['user_id', 'created_at'] }),
    );
    await queryRunner.dropIndex('credit_transactions', 'idx_credit_transactions_user_page');
  }
}
