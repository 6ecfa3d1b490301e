import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

const COLUMNS = [
  new TableColumn({ name: 'kind', type: 'varchar', length: '10', isNullable: false, default: "'generate'" }),
  new TableColumn({ name: 'parent_task_id', type: 'varchar', length: '36', isNullable: true }),
  new TableColumn({ name: 'root_task_id', type: 'varchar', length: '36', isNullable: true }),
  new TableColumn({ name: 'instruction', type: 'text', isNullable: true }),
  new TableColumn({ name: 'duration_s', type: 'int', isNullable: false, default: 8 }),
  new TableColumn({ name: 'reference_images', type: 'text', isNullable: true }),
];

/**
 * Versions of a video (Gemini Omni Flash): a task's kind, the version it was edited or extended
 * from, the first version (History groups by it), an edit's instruction, the length, the reference
 * images. Additive only: the NOT NULL columns have defaults, so the previous release's inserts
 * still work; a row it writes has no root, which reads as its own id.
 */
export class VideoVersions1763684800000 implements MigrationInterface {
  name = 'VideoVersions1763684800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Safe to run again after a half-done run on MySQL, where each DDL statement commits by itself.
    for (const column of COLUMNS) {
      if (!(await queryRunner.hasColumn('video_tasks', column.name)))
        await queryRunner.addColumn('video_tasks', column);
    }
    await queryRunner.query('UPDATE video_tasks SET root_task_id = id WHERE root_task_id IS NULL');
    const table = await queryRunner.getTable('video_tasks');
    if (!table?.indices.some((i) => i.name === 'idx_video_tasks_user_root'))
      await queryRunner.createIndex(
        'video_tasks',
        new TableIndex({ name: 'idx_video_tasks_user_root', columnNames: ['user_id', 'root_task_id'] }),
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('video_tasks', 'idx_video_tasks_user_root');
    for (const column of [...COLUMNS].reverse()) await queryRunner.dropColumn('video_tasks', column.name);
  }
}
