import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

/**
 * Promotion codes of the simulated checkout: the codes admins create, each redemption (one per
 * checkout session), and a checkout's applied code and discount. New tables and nullable or
 * defaulted columns only: the previous release's writes still work.
 */
export class PromotionCodes1764400300000 implements MigrationInterface {
  name = 'PromotionCodes1764400300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!(await queryRunner.hasTable('promo_codes'))) {
      await queryRunner.createTable(
        new Table({
          name: 'promo_codes',
          columns: [
            { name: 'id', type: 'varchar', length: '36', isPrimary: true },
            { name: 'code', type: 'varchar', length: '32' },
            { name: 'percent_off', type: 'int', isNullable: true },
            { name: 'amount_off_cents', type: 'int', isNullable: true },
            timestampColumn(queryRunner, 'expires_at', true),
            { name: 'max_redemptions', type: 'int', isNullable: true },
            { name: 'redemptions', type: 'int', default: 0 },
            timestampColumn(queryRunner, 'disabled_at', true),
            { name: 'created_by', type: 'varchar', length: '36' },
            timestampColumn(queryRunner, 'created_at'),
          ],
          indices: [
            new TableIndex({ name: 'uq_promo_codes_code', columnNames: ['code'], isUnique: true }),
            new TableIndex({ name: 'idx_promo_codes_created', columnNames: ['created_at'] }),
          ],
        }),
      );
    }
    if (!(await queryRunner.hasTable('promo_redemptions'))) {
      await queryRunner.createTable(
        new Table({
          name: 'promo_redemptions',
          columns: [
            { name: 'id', type: 'varchar', length: '36', isPrimary: true },
            { name: 'promo_code_id', type: 'varchar', length: '36' },
            { name: 'user_id', type: 'varchar', length: '36' },
            { name: 'checkout_session_id', type: 'varchar', length: '255' },
            { name: 'discount_cents', type: 'int' },
            timestampColumn(queryRunner, 'created_at'),
          ],
          indices: [
            new TableIndex({
              name: 'uq_promo_redemptions_session',
              columnNames: ['checkout_session_id'],
              isUnique: true,
            }),
            new TableIndex({ name: 'idx_promo_redemptions_user', columnNames: ['user_id', 'created_at'] }),
          ],
        }),
      );
    }
    // Safe to run again after a half-done run on MySQL, where each DDL statement commits by itself.
    if (!(await queryRunner.hasColumn('checkout_sessions', 'promo_code_id')))
      await queryRunner.addColumn(
        'checkout_sessions',
        new TableColumn({ name: 'promo_code_id', type: 'varchar', length: '36', isNullable: true }),
      );
    if (!(await queryRunner.hasColumn('checkout_sessions', 'discount_cents')))
      await queryRunner.addColumn(
        'checkout_sessions',
        new TableColumn({ name: 'discount_cents', type: 'int', default: 0 }),
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('checkout_sessions', 'discount_cents');
    await queryRunner.dropColumn('checkout_sessions', 'promo_code_id');
    await queryRunner.dropTable('promo_redemptions');
    await queryRunner.dropTable('promo_codes');
  }
}
