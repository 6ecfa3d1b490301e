import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

const ROLE_COLUMNS = [
  new TableColumn({ name: 'admin_granted', type: 'boolean', default: false }),
  new TableColumn({ name: 'blog_manager_granted', type: 'boolean', default: false }),
];

/**
 * The admin console: the roles granted there (the old is_admin / can_manage_blog columns hold
 * stale copies of the configuration and stay unread), and the append-only audit trail. No foreign
 * keys: a deleted user keeps its rows. Additive only: the new columns default to false, so the
 * previous release's inserts still work.
 */
export class AdminAudit1763684900000 implements MigrationInterface {
  name = 'AdminAudit1763684900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Safe to run again after a half-done run on MySQL, where each DDL statement commits by itself.
    const missing = [];
    for (const column of ROLE_COLUMNS) if (!(await queryRunner.hasColumn('users', column.name))) missing.push(column);
    // One call: SQLite rebuilds the table for each change.
    if (missing.length) await queryRunner.addColumns('users', missing);
    if (await queryRunner.hasTable('audit_log')) return;
    await queryRunner.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          timestampColumn(queryRunner, 'created_at'),
          { name: 'actor_type', type: 'varchar', length: '10' },
          { name: 'actor_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'actor_email', type: 'varchar', length: '320', isNullable: true },
          { name: 'action', type: 'varchar', length: '30' },
          { name: 'target_type', type: 'varchar', length: '10' },
          { name: 'target_id', type: 'varchar', length: '255' },
          { name: 'before_json', type: 'text', isNullable: true },
          { name: 'after_json', type: 'text', isNullable: true },
          { name: 'reason', type: 'varchar', length: '500', isNullable: true },
          { name: 'request_id', type: 'varchar', length: '100', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'idx_audit_log_created', columnNames: ['created_at'] }),
          new TableIndex({ name: 'idx_audit_log_target', columnNames: ['target_id'] }),
          new TableIndex({ name: 'idx_audit_log_actor', columnNames: ['actor_id'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('audit_log');
    await queryRunner.dropColumns('users', ['blog_manager_granted', 'admin_granted']);
  }
}
