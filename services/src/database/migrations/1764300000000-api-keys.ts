import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

/**
 * API keys (stored as a SHA-256 hash only) and, on each video task, the key that asked for it, so a
 * key's monthly cap and usage are read from the tasks. Additive: the previous release reads neither.
 */
export class ApiKeys1764300000000 implements MigrationInterface {
  name = 'ApiKeys1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!(await queryRunner.hasTable('api_keys'))) {
      await queryRunner.createTable(
        new Table({
          name: 'api_keys',
          columns: [
            { name: 'id', type: 'varchar', length: '36', isPrimary: true },
            { name: 'user_id', type: 'varchar', length: '36' },
            { name: 'name', type: 'varchar', length: '60' },
            { name: 'prefix', type: 'varchar', length: '12' },
            { name: 'key_hash', type: 'varchar', length: '64' },
            { name: 'scopes', type: 'varchar', length: '100' },
            { name: 'monthly_cap', type: 'int', isNullable: true },
            timestampColumn(queryRunner, 'created_at'),
            timestampColumn(queryRunner, 'last_used_at', true),
            timestampColumn(queryRunner, 'revoked_at', true),
            { name: 'revoked_reason', type: 'varchar', length: '500', isNullable: true },
          ],
          indices: [
            new TableIndex({ name: 'uq_api_keys_hash', columnNames: ['key_hash'], isUnique: true }),
            new TableIndex({ name: 'idx_api_keys_user', columnNames: ['user_id', 'created_at'] }),
            new TableIndex({ name: 'idx_api_keys_used', columnNames: ['last_used_at'] }),
          ],
        }),
      );
    }
    if (!(await queryRunner.hasColumn('video_tasks', 'api_key_id'))) {
      await queryRunner.addColumn(
        'video_tasks',
        new TableColumn({ name: 'api_key_id', type: 'varchar', length: '36', isNullable: true }),
      );
      await queryRunner.createIndex(
        'video_tasks',
        new TableIndex({ name: 'idx_video_tasks_api_key', columnNames: ['api_key_id', 'created_at'] }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('video_tasks', 'idx_video_tasks_api_key');
    await queryRunner.dropColumn('video_tasks', 'api_key_id');
    await queryRunner.dropTable('api_keys');
  }
}
