import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

/**
 * A payment remembers its refunds and disputes: how much of it was reversed (the credits of that
 * share are taken back once), how many credits that actually took, and when.
 */
export class PaymentRefunds1763684300000 implements MigrationInterface {
  name = 'PaymentRefunds1763684300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One call: SQLite rebuilds the table for each change.
    await queryRunner.addColumns('payments', [
      new TableColumn({ name: 'status', type: 'varchar', length: '20', default: "'paid'" }),
      new TableColumn({ name: 'refunded_cents', type: 'int', default: 0 }),
      new TableColumn({ name: 'credits_reclaimed', type: 'int', default: 0 }),
      new TableColumn(timestampColumn(queryRunner, 'refunded_at', true)),
      new TableColumn(timestampColumn(queryRunner, 'disputed_at', true)),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns('payments', [
      'disputed_at',
      'refunded_at',
      'credits_reclaimed',
      'refunded_cents',
      'status',
    ]);
  }
}
