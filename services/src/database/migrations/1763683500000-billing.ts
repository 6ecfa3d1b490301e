import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

const userForeignKey = () =>
  new TableForeignKey({
    columnNames: ['user_id'],
    referencedTableName: 'users',
    referencedColumnNames: ['id'],
    onDelete: 'CASCADE',
  });

export class Billing1763683500000 implements MigrationInterface {
  name = 'Billing1763683500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A table of its own rather than a users column: altering users on SQLite rebuilds the table.
    await queryRunner.createTable(
      new Table({
        name: 'billing_customers',
        columns: [
          { name: 'user_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'stripe_customer_id', type: 'varchar', length: '255' },
          timestampColumn(queryRunner, 'created_at'),
        ],
        foreignKeys: [userForeignKey()],
        indices: [
          new TableIndex({ name: 'uq_billing_customers_stripe', columnNames: ['stripe_customer_id'], isUnique: true }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'checkout_sessions',
        columns: [
          { name: 'id', type: 'varchar', length: '255', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'type', type: 'varchar', length: '20' },
          { name: 'item_id', type: 'varchar', length: '20' },
          { name: 'billing_cycle', type: 'varchar', length: '10', isNullable: true },
          { name: 'amount_cents', type: 'int' },
          { name: 'currency', type: 'varchar', length: '3' },
          { name: 'credits', type: 'int' },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'simulated', type: 'boolean' },
          { name: 'success_url', type: 'varchar', length: '1000' },
          { name: 'cancel_url', type: 'varchar', length: '1000' },
          { name: 'credits_granted', type: 'int', default: 0 },
          timestampColumn(queryRunner, 'created_at'),
          timestampColumn(queryRunner, 'fulfilled_at', true),
        ],
        foreignKeys: [userForeignKey()],
        indices: [new TableIndex({ name: 'idx_checkout_sessions_user', columnNames: ['user_id'] })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'subscriptions',
        columns: [
          { name: 'id', type: 'varchar', length: '255', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'plan_id', type: 'varchar', length: '20' },
          { name: 'billing_cycle', type: 'varchar', length: '10' },
          { name: 'status', type: 'varchar', length: '30' },
          timestampColumn(queryRunner, 'current_period_end', true),
          timestampColumn(queryRunner, 'canceled_at', true),
          { name: 'simulated', type: 'boolean' },
          timestampColumn(queryRunner, 'created_at'),
          timestampColumn(queryRunner, 'updated_at'),
        ],
        foreignKeys: [userForeignKey()],
        indices: [new TableIndex({ name: 'idx_subscriptions_user_status', columnNames: ['user_id', 'status'] })],
      }),
    );

    // One row per payment that granted credits; its id is the ledger key's source (session or invoice).
    await queryRunner.createTable(
      new Table({
        name: 'payments',
        columns: [
          { name: 'id', type: 'varchar', length: '255', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'kind', type: 'varchar', length: '20' },
          { name: 'item_id', type: 'varchar', length: '20' },
          { name: 'amount_cents', type: 'int' },
          { name: 'currency', type: 'varchar', length: '3' },
          { name: 'credits', type: 'int' },
          { name: 'checkout_session_id', type: 'varchar', length: '255', isNullable: true },
          { name: 'subscription_id', type: 'varchar', length: '255', isNullable: true },
          timestampColumn(queryRunner, 'created_at'),
        ],
        foreignKeys: [userForeignKey()],
        indices: [new TableIndex({ name: 'idx_payments_user', columnNames: ['user_id'] })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'billing_events',
        columns: [
          { name: 'id', type: 'varchar', length: '255', isPrimary: true },
          { name: 'type', type: 'varchar', length: '100' },
          timestampColumn(queryRunner, 'processed_at'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('billing_events');
    await queryRunner.dropTable('payments');
    await queryRunner.dropTable('subscriptions');
    await queryRunner.dropTable('checkout_sessions');
    await queryRunner.dropTable('billing_customers');
  }
}
