import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

export class VideoTasks1763683400000 implements MigrationInterface {
  name = 'VideoTasks1763683400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'video_tasks',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'model', type: 'varchar', length: '40' },
          { name: 'prompt', type: 'text' },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'status_message', type: 'varchar', length: '300', isNullable: true },
          { name: 'error_message', type: 'varchar', length: '500', isNullable: true },
          { name: 'cost', type: 'int' },
          { name: 'provider', type: 'varchar', length: '20' },
          { name: 'provider_job_id', type: 'varchar', length: '300', isNullable: true },
          { name: 'image_path', type: 'varchar', length: '300', isNullable: true },
          { name: 'image_mime', type: 'varchar', length: '40', isNullable: true },
          { name: 'result_path', type: 'varchar', length: '300', isNullable: true },
          { name: 'poster_path', type: 'varchar', length: '300', isNullable: true },
          { name: 'client_key', type: 'varchar', length: '100', isNullable: true },
          { name: 'attempts', type: 'int', default: 0 },
          { name: 'locked_by', type: 'varchar', length: '80', isNullable: true },
          timestampColumn(queryRunner, 'locked_until', true),
          timestampColumn(queryRunner, 'created_at'),
          timestampColumn(queryRunner, 'updated_at'),
          timestampColumn(queryRunner, 'finished_at', true),
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
          new TableIndex({
            name: 'idx_video_tasks_user_status_time',
            columnNames: ['user_id', 'status', 'created_at'],
          }),
          new TableIndex({ name: 'idx_video_tasks_status', columnNames: ['status'] }),
          new TableIndex({ name: 'uq_video_tasks_client_key', columnNames: ['user_id', 'client_key'], isUnique: true }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('video_tasks');
  }
}
