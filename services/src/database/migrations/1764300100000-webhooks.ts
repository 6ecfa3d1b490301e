import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

/** Webhook endpoints and their deliveries (each try logged in the row). New tables only: the previous release reads neither. */
export class Webhooks1764300100000 implements MigrationInterface {
  name = 'Webhooks1764300100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!(await queryRunner.hasTable('webhook_endpoints'))) {
      await queryRunner.createTable(
        new Table({
          name: 'webhook_endpoints',
          columns: [
            { name: 'id', type: 'varchar', length: '36', isPrimary: true },
            { name: 'user_id', type: 'varchar', length: '36' },
            { name: 'url', type: 'varchar', length: '2000' },
            { name: 'description', type: 'varchar', length: '200' },
            { name: 'events', type: 'varchar', length: '100' },
            { name: 'secret', type: 'varchar', length: '100' },
            { name: 'previous_secret', type: 'varchar', length: '100', isNullable: true },
            timestampColumn(queryRunner, 'previous_secret_expires_at', true),
            { name: 'enabled', type: 'boolean', default: true },
            { name: 'disabled_reason', type: 'varchar', length: '300', isNullable: true },
            timestampColumn(queryRunner, 'failing_since', true),
            timestampColumn(queryRunner, 'created_at'),
            timestampColumn(queryRunner, 'updated_at'),
          ],
          indices: [new TableIndex({ name: 'idx_webhook_endpoints_user', columnNames: ['user_id', 'created_at'] })],
        }),
      );
    }
    if (!(await queryRunner.hasTable('webhook_deliveries'))) {
      await queryRunner.createTable(
        new Table({
          name: 'webhook_deliveries',
          columns: [
            { name: 'id', type: 'varchar', length: '40', isPrimary: true },
            { name: 'endpoint_id', type: 'varchar', length: '36' },
            { name: 'user_id', type: 'varchar', length: '36' },
            { name: 'event_type', type: 'varchar', length: '30' },
            { name: 'payload', type: 'text' },
            { name: 'status', type: 'varchar', length: '10' },
            { name: 'attempts', type: 'int', default: 0 },
            { name: 'attempt_log', type: 'text' },
            timestampColumn(queryRunner, 'next_attempt_at', true),
            timestampColumn(queryRunner, 'locked_until', true),
            { name: 'last_status', type: 'int', isNullable: true },
            { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
            timestampColumn(queryRunner, 'created_at'),
            timestampColumn(queryRunner, 'updated_at'),
          ],
          indices: [
            new TableIndex({ name: 'idx_webhook_deliveries_due', columnNames: ['status', 'next_attempt_at'] }),
            new TableIndex({ name: 'idx_webhook_deliveries_endpoint', columnNames: ['endpoint_id', 'created_at'] }),
            new TableIndex({ name: 'idx_webhook_deliveries_user', columnNames: ['user_id'] }),
            new TableIndex({ name: 'idx_webhook_deliveries_created', columnNames: ['created_at'] }),
          ],
        }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('webhook_deliveries');
    await queryRunner.dropTable('webhook_endpoints');
  }
}
