import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The W3C `traceparent` of the request that created a task (null with tracing off, and for rows of
 * older releases): every worker step of the task joins that trace. Nullable, so the previous
 * release's inserts still work.
 */
export class VideoTraceParent1763685000000 implements MigrationInterface {
  name = 'VideoTraceParent1763685000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Safe to run again after a half-done run on MySQL, where each DDL statement commits by itself.
    if (!(await queryRunner.hasColumn('video_tasks', 'trace_parent')))
      await queryRunner.addColumn(
        'video_tasks',
        new TableColumn({ name: 'trace_parent', type: 'varchar', length: '55', isNullable: true }),
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('video_tasks', 'trace_parent');
  }
}
