import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

/**
 * "Tell me when it's ready": each user's e-mail choice (a row once there is something to keep) and
 * the browsers they get push notifications in. New tables only: the previous release reads neither.
 */
export class Notifications1764400200000 implements MigrationInterface {
  name = 'Notifications1764400200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!(await queryRunner.hasTable('notification_settings'))) {
      await queryRunner.createTable(
        new Table({
          name: 'notification_settings',
          columns: [
            { name: 'user_id', type: 'varchar', length: '36', isPrimary: true },
            { name: 'email_ready', type: 'varchar', length: '10', default: "'default'" },
            { name: 'language', type: 'varchar', length: '10', isNullable: true },
            { name: 'unsubscribe_token_hash', type: 'varchar', length: '64', isNullable: true },
            timestampColumn(queryRunner, 'first_ready_email_at', true),
            { name: 'first_ready_task_id', type: 'varchar', length: '36', isNullable: true },
            timestampColumn(queryRunner, 'created_at'),
            timestampColumn(queryRunner, 'updated_at'),
          ],
          indices: [
            new TableIndex({
              name: 'uq_notification_settings_unsubscribe',
              columnNames: ['unsubscribe_token_hash'],
              isUnique: true,
            }),
          ],
        }),
      );
    }
    if (!(await queryRunner.hasTable('push_subscriptions'))) {
      await queryRunner.createTable(
        new Table({
          name: 'push_subscriptions',
          columns: [
            { name: 'id', type: 'varchar', length: '36', isPrimary: true },
            { name: 'user_id', type: 'varchar', length: '36' },
            // Unique by its SHA-256: MySQL cannot index 2,000 characters of utf8mb4.
            { name: 'endpoint_hash', type: 'varchar', length: '64' },
            { name: 'endpoint', type: 'varchar', length: '2000' },
            { name: 'p256dh', type: 'varchar', length: '100' },
            { name: 'auth', type: 'varchar', length: '40' },
            { name: 'user_agent', type: 'varchar', length: '100', isNullable: true },
            timestampColumn(queryRunner, 'created_at'),
            timestampColumn(queryRunner, 'last_success_at', true),
          ],
          indices: [
            new TableIndex({ name: 'uq_push_subscriptions_endpoint', columnNames: ['endpoint_hash'], isUnique: true }),
            new TableIndex({ name: 'idx_push_subscriptions_user', columnNames: ['user_id', 'created_at'] }),
          ],
        }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('push_subscriptions');
    await queryRunner.dropTable('notification_settings');
  }
}
