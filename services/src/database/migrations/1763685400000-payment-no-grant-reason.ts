import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Why a paid invoice granted no credits (a proration, a $0 or off-price invoice); null for the
 * payments that granted theirs, as every older row did. Nullable, so the previous release's inserts
 * still work.
 */
export class PaymentNoGrantReason1763685400000 implements MigrationInterface {
  name = 'PaymentNoGrantReason1763685400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Safe to run again after a half-done run on MySQL, where each DDL statement commits by itself.
    if (!(await queryRunner.hasColumn('payments', 'no_grant_reason')))
      await queryRunner.addColumn(
        'payments',
        new TableColumn({ name: 'no_grant_reason', type: 'varchar', length: '64', isNullable: true }),
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('payments', 'no_grant_reason');
  }
}
