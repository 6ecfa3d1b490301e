import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

export class InitialUsers1763683200000 implements MigrationInterface {
  name = 'InitialUsers1763683200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'name', type: 'varchar', length: '200', isNullable: true },
          { name: 'picture', type: 'varchar', length: '1000', isNullable: true },
          { name: 'provider', type: 'varchar', length: '20' },
          { name: 'provider_subject', type: 'varchar', length: '255', isNullable: true },
          { name: 'credits', type: 'int', default: 0 },
          { name: 'can_manage_blog', type: 'boolean', default: false },
          { name: 'is_admin', type: 'boolean', default: false },
          timestampColumn(queryRunner, 'created_at'),
          timestampColumn(queryRunner, 'updated_at'),
        ],
      }),
    );
    await queryRunner.createIndex(
      'users',
      new TableIndex({ name: 'uq_users_email', columnNames: ['email'], isUnique: true }),
    );
    await queryRunner.createIndex(
      'users',
      new TableIndex({
        name: 'uq_users_provider_subject',
        columnNames: ['provider', 'provider_subject'],
        isUnique: true,
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('users');
  }
}
