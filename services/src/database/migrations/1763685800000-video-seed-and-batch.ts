import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

const COLUMNS = [
  // Up to MAX_SEED (2^32 - 1): unsigned on MySQL, where a signed int stops at half of it; SQLite's integers are 64-bit.
  new TableColumn({ name: 'seed', type: 'int', unsigned: true, isNullable: true }),
  new TableColumn({ name: 'batch_id', type: 'varchar', length: '36', isNullable: true }),
];

/**
 * A task's seed (a model that takes one) and the batch of variations it was made in (the first
 * task's id), and an index for a user's newest tasks (the generator's feed). Additive only: both
 * columns are nullable, so the previous release's inserts still work; its rows read as a single
 * video without a seed.
 */
export class VideoSeedAndBatch1763685800000 implements MigrationInterface {
  name = 'VideoSeedAndBatch1763685800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Safe to run again after a half-done run on MySQL, where each DDL statement commits by itself.
    for (const column of COLUMNS) {
      if (!(await queryRunner.hasColumn('video_tasks', column.name)))
        await queryRunner.addColumn('video_tasks', column);
    }
    const table = await queryRunner.getTable('video_tasks');
    if (!table?.indices.some((i) => i.name === 'idx_video_tasks_user_time'))
      await queryRunner.createIndex(
        'video_tasks',
        new TableIndex({ name: 'idx_video_tasks_user_time', columnNames: ['user_id', 'created_at'] }),
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('video_tasks', 'idx_video_tasks_user_time');
    for (const column of [...COLUMNS].reverse()) await queryRunner.dropColumn('video_tasks', column.name);
  }
}
