import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

/**
 * When a plan set to cancel at its period's end (in Stripe's customer portal) ends, for the account
 * page's end date. Nullable: a plan that renews has none, and the previous release's writes still work.
 */
export class SubscriptionCancelAt1763686310000 implements MigrationInterface {
  name = 'SubscriptionCancelAt1763686310000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Safe to run again after a half-done run on MySQL, where each DDL statement commits by itself.
    if (!(await queryRunner.hasColumn('subscriptions', 'cancel_at')))
      await queryRunner.addColumn('subscriptions', new TableColumn(timestampColumn(queryRunner, 'cancel_at', true)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('subscriptions', 'cancel_at');
  }
}
