import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

/**
 * "Download my data": one row per export a user asked for, with its progress, so any process can
 * answer for a job another one builds. A new table only: the previous release never reads it.
 */
export class AccountExports1763686420000 implements MigrationInterface {
  name = 'AccountExports1763686420000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (await queryRunner.hasTable('account_exports')) return;
    await queryRunner.createTable(
      new Table({
        name: 'account_exports',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'status', type: 'varchar', length: '10' },
          { name: 'progress', type: 'int', default: 0 },
          { name: 'archive_key', type: 'varchar', length: '255', isNullable: true },
          { name: 'size', type: 'bigint', isNullable: true },
          timestampColumn(queryRunner, 'created_at'),
          timestampColumn(queryRunner, 'updated_at'),
          timestampColumn(queryRunner, 'expires_at', true),
        ],
        indices: [
          new TableIndex({ name: 'idx_account_exports_user', columnNames: ['user_id', 'created_at'] }),
          new TableIndex({ name: 'idx_account_exports_status', columnNames: ['status', 'updated_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('account_exports');
  }
}
