import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The hourly retention purge's range scans: on these columns alone, with no user to narrow them. */
const INDEXES: [table: string, index: TableIndex][] = [
  ['sessions', new TableIndex({ name: 'idx_sessions_expires', columnNames: ['expires_at'] })],
  ['sessions', new TableIndex({ name: 'idx_sessions_revoked', columnNames: ['revoked_at'] })],
  ['video_tasks', new TableIndex({ name: 'idx_video_tasks_deleted', columnNames: ['deleted_at'] })],
  ['checkout_sessions', new TableIndex({ name: 'idx_checkout_sessions_created', columnNames: ['created_at'] })],
];

/** Indexes for the retention purge, so it reads only what is due. Additive only. */
export class RetentionIndexes1763686440000 implements MigrationInterface {
  name = 'RetentionIndexes1763686440000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Safe to run again after a half-done run on MySQL, where each DDL statement commits by itself.
    for (const [table, index] of INDEXES) {
      const existing = await queryRunner.getTable(table);
      if (!existing?.indices.some((i) => i.name === index.name)) await queryRunner.createIndex(table, index);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, index] of [...INDEXES].reverse()) await queryRunner.dropIndex(table, index.name!);
  }
}
