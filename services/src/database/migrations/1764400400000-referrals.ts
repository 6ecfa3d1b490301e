import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

/**
 * Referrals: each user's code (made the first time they ask for their link) and one row per user who
 * signed up through someone's link, rewarded once at that user's first purchase. New tables only:
 * the previous release reads neither.
 */
export class Referrals1764400400000 implements MigrationInterface {
  name = 'Referrals1764400400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!(await queryRunner.hasTable('referral_codes'))) {
      await queryRunner.createTable(
        new Table({
          name: 'referral_codes',
          columns: [
            { name: 'user_id', type: 'varchar', length: '36', isPrimary: true },
            { name: 'code', type: 'varchar', length: '16' },
            timestampColumn(queryRunner, 'created_at'),
          ],
          indices: [new TableIndex({ name: 'uq_referral_codes_code', columnNames: ['code'], isUnique: true })],
        }),
      );
    }
    if (!(await queryRunner.hasTable('referrals'))) {
      await queryRunner.createTable(
        new Table({
          name: 'referrals',
          columns: [
            // One row per invited user: a second referral of the same user cannot be recorded.
            { name: 'referred_user_id', type: 'varchar', length: '36', isPrimary: true },
            // Null once the referrer's account is deleted.
            { name: 'referrer_user_id', type: 'varchar', length: '36', isNullable: true },
            timestampColumn(queryRunner, 'created_at'),
            timestampColumn(queryRunner, 'rewarded_at', true),
            { name: 'payment_id', type: 'varchar', length: '255', isNullable: true },
            { name: 'reward_credits', type: 'int', default: 0 },
          ],
          indices: [new TableIndex({ name: 'idx_referrals_referrer', columnNames: ['referrer_user_id'] })],
        }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('referrals');
    await queryRunner.dropTable('referral_codes');
  }
}
