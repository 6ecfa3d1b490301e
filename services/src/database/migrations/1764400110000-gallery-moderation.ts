import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

/**
 * The community gallery's moderation: visitors' reports of shared videos and users an admin banned
 * from the gallery. New tables only: the previous release reads neither.
 */
export class GalleryModeration1764400110000 implements MigrationInterface {
  name = 'GalleryModeration1764400110000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!(await queryRunner.hasTable('gallery_reports'))) {
      await queryRunner.createTable(
        new Table({
          name: 'gallery_reports',
          columns: [
            { name: 'id', type: 'varchar', length: '36', isPrimary: true },
            { name: 'share_id', type: 'varchar', length: '22' },
            // A keyed hash of the signed-in reporter's id or of the visitor's address: never the address itself.
            { name: 'reporter_key', type: 'varchar', length: '64' },
            { name: 'reporter_id', type: 'varchar', length: '36', isNullable: true },
            { name: 'reason', type: 'varchar', length: '12' },
            { name: 'details', type: 'varchar', length: '500', isNullable: true },
            timestampColumn(queryRunner, 'created_at'),
            // Reviewed: an admin dismissed it, or hid or restored the video.
            timestampColumn(queryRunner, 'closed_at', true),
          ],
          indices: [
            // One report per visitor and video.
            new TableIndex({
              name: 'uq_gallery_reports_visitor',
              columnNames: ['share_id', 'reporter_key'],
              isUnique: true,
            }),
            new TableIndex({ name: 'idx_gallery_reports_open', columnNames: ['closed_at', 'share_id'] }),
            new TableIndex({ name: 'idx_gallery_reports_reporter', columnNames: ['reporter_id'] }),
          ],
        }),
      );
    }
    if (!(await queryRunner.hasTable('gallery_bans'))) {
      await queryRunner.createTable(
        new Table({
          name: 'gallery_bans',
          columns: [
            { name: 'user_id', type: 'varchar', length: '36', isPrimary: true },
            { name: 'reason', type: 'varchar', length: '500' },
            { name: 'banned_by', type: 'varchar', length: '36', isNullable: true },
            timestampColumn(queryRunner, 'created_at'),
          ],
        }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('gallery_bans');
    await queryRunner.dropTable('gallery_reports');
  }
}
