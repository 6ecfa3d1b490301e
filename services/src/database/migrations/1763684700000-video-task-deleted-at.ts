import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

/**
 * A task its owner deleted from History (`deleted_at`, kept for undo and restorable for 30 days; no
 * purge yet). Nullable, so the previous release's inserts still work. The history page
 * (user, completed, not deleted, newest first, id to break ties) reads straight from one index.
 */
export class VideoTaskDeletedAt1763684700000 implements MigrationInterface {
  name = 'VideoTaskDeletedAt1763684700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Safe to run again after a half-done run on MySQL, where each DDL statement commits by itself.
    if (!(await queryRunner.hasColumn('video_tasks', 'deleted_at')))
      await queryRunner.addColumn('video_tasks', new TableColumn(timestampColumn(queryRunner, 'deleted_at', true)));
    await queryRunner.createIndex(
      'video_tasks',
      new TableIndex({
        name: 'idx_video_tasks_user_history',
        columnNames: ['user_id', 'status', 'deleted_at', 'created_at', 'id'],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('video_tasks', 'idx_video_tasks_user_history');
    await queryRunner.dropColumn('video_tasks', 'deleted_at');
  }
}
