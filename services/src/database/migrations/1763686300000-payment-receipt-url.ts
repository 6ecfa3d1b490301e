import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Where the buyer's receipt is at Stripe (a charge's receipt or an invoice's page), stored when a
 * payment is fulfilled. Nullable: older rows and simulated payments have none, and the previous
 * release's inserts still work.
 */
export class PaymentReceiptUrl1763686300000 implements MigrationInterface {
  name = 'PaymentReceiptUrl1763686300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Safe to run again after a half-done run on MySQL, where each DDL statement commits by itself.
    if (!(await queryRunner.hasColumn('payments', 'receipt_url')))
      await queryRunner.addColumn(
        'payments',
        new TableColumn({ name: 'receipt_url', type: 'varchar', length: '1000', isNullable: true }),
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('payments', 'receipt_url');
  }
}
