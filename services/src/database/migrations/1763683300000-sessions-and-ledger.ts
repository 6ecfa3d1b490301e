import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

export class SessionsAndLedger1763683300000 implements MigrationInterface {
  name = 'SessionsAndLedger1763683300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          timestampColumn(queryRunner, 'created_at'),
          timestampColumn(queryRunner, 'expires_at', true),
          timestampColumn(queryRunner, 'revoked_at', true),
          { name: 'user_agent', type: 'varchar', length: '300', isNullable: true },
          { name: 'ip', type: 'varchar', length: '64', isNullable: true },
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
        indices: [new TableIndex({ name: 'idx_sessions_user', columnNames: ['user_id'] })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'credit_transactions',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'amount', type: 'int' },
          { name: 'balance_after', type: 'int' },
          { name: 'source_type', type: 'varchar', length: '20' },
          { name: 'source_id', type: 'varchar', length: '200', isNullable: true },
          { name: 'idempotency_key', type: 'varchar', length: '255' },
          { name: 'description', type: 'varchar', length: '500', isNullable: true },
          timestampColumn(queryRunner, 'created_at'),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
        indices: [
          new TableIndex({ name: 'uq_credit_transactions_key', columnNames: ['idempotency_key'], isUnique: true }),
          new TableIndex({ name: 'idx_credit_transactions_user_time', columnNames: ['user_id', 'created_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('credit_transactions');
    await queryRunner.dropTable('sessions');
  }
}
