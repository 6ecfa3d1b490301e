import type { MigrationInterface, QueryRunner } from 'typeorm';

const TRIGGERS = [
  { name: 'audit_log_no_update', event: 'UPDATE' },
  { name: 'audit_log_no_delete', event: 'DELETE' },
] as const;
const REFUSAL = 'audit_log is append-only';

/**
 * The audit trail refuses UPDATE and DELETE in the database itself, whoever sends them (the app's
 * own user included), not only by the code's convention. Inserts are untouched, so the previous
 * release's code works on this schema. Dropping the table (a test database) still works.
 */
export class AuditLogAppendOnly1763685600000 implements MigrationInterface {
  name = 'AuditLogAppendOnly1763685600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type === 'mysql';
    for (const { name, event } of TRIGGERS) {
      // Safe to run again after a half-done run on MySQL, where each DDL statement commits by itself.
      await queryRunner.query(`DROP TRIGGER IF EXISTS ${name}`);
      await queryRunner.query(
        mysql
          ? `CREATE TRIGGER ${name} BEFORE ${event} ON audit_log FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '${REFUSAL}'`
          : `CREATE TRIGGER ${name} BEFORE ${event} ON audit_log BEGIN SELECT RAISE(ABORT, '${REFUSAL}'); END`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { name } of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${name}`);
  }
}
