import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Each task keeps a fingerprint of its request, so an Idempotency-Key reused with another request is refused. */
export class VideoRequestHash1763683800000 implements MigrationInterface {
  name = 'VideoRequestHash1763683800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Null for older tasks: their keys replay as before, since their requests cannot be compared.
    await queryRunner.addColumn(
      'video_tasks',
      new TableColumn({ name: 'request_hash', type: 'varchar', length: '64', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('video_tasks', 'request_hash');
  }
}
