import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

/**
 * Shared videos (a public page per shared version, optionally offered to the gallery) and, on each
 * video task, the shared video it remixed. Additive: the previous release reads neither.
 */
export class SharedVideos1764400100000 implements MigrationInterface {
  name = 'SharedVideos1764400100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!(await queryRunner.hasTable('shared_videos'))) {
      await queryRunner.createTable(
        new Table({
          name: 'shared_videos',
          columns: [
            { name: 'id', type: 'varchar', length: '22', isPrimary: true },
            { name: 'task_id', type: 'varchar', length: '36' },
            { name: 'user_id', type: 'varchar', length: '36' },
            { name: 'prompt', type: 'text' },
            { name: 'model', type: 'varchar', length: '40' },
            { name: 'duration_s', type: 'int' },
            { name: 'aspect_ratio', type: 'varchar', length: '8' },
            { name: 'creator_name', type: 'varchar', length: '100', isNullable: true },
            { name: 'show_prompt', type: 'boolean', default: true },
            { name: 'allow_image_remix', type: 'boolean', default: false },
            { name: 'gallery_state', type: 'varchar', length: '8', default: "'off'" },
            { name: 'category', type: 'varchar', length: '12', default: "'other'" },
            { name: 'gallery_reason', type: 'varchar', length: '500', isNullable: true },
            timestampColumn(queryRunner, 'gallery_at', true),
            { name: 'views', type: 'int', default: 0 },
            { name: 'remixes', type: 'int', default: 0 },
            timestampColumn(queryRunner, 'created_at'),
            timestampColumn(queryRunner, 'unshared_at', true),
          ],
          indices: [
            new TableIndex({ name: 'idx_shared_videos_task', columnNames: ['task_id'] }),
            new TableIndex({ name: 'idx_shared_videos_user', columnNames: ['user_id', 'created_at'] }),
            new TableIndex({ name: 'idx_shared_videos_gallery_new', columnNames: ['gallery_state', 'gallery_at'] }),
            new TableIndex({ name: 'idx_shared_videos_gallery_views', columnNames: ['gallery_state', 'views'] }),
          ],
        }),
      );
    }
    if (!(await queryRunner.hasColumn('video_tasks', 'remix_of'))) {
      await queryRunner.addColumn(
        'video_tasks',
        new TableColumn({ name: 'remix_of', type: 'varchar', length: '22', isNullable: true }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('video_tasks', 'remix_of');
    await queryRunner.dropTable('shared_videos');
  }
}
