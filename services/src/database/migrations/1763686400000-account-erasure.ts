import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

const REFUSAL = 'audit_log is append-only';
/** Columns an UPDATE of audit_log may only set to NULL (a deleted account's e-mail, name or words in them). */
const ERASABLE = ['actor_email', 'reason', 'before_json', 'after_json'];
/** Columns an UPDATE of audit_log must leave as they are. */
const FIXED = ['id', 'created_at', 'actor_type', 'actor_id', 'action', 'target_type', 'target_id', 'request_id'];

/** The condition under which an UPDATE of an audit row is allowed: it only empties erasable columns. */
function onlyErases(same: (column: string) => string): string {
  return [...FIXED.map(same), ...ERASABLE.map((c) => `(${same(c)} OR NEW.${c} IS NULL)`)].join(' AND ');
}

/**
 * Account deletion (erasure): when a user row was erased (it stays, emptied, for the ledger and
 * payments that must be kept), the keyed hashes of erased sign-in identities (a new account of the
 * same person gets no second sign-up bonus), and an audit trail that stays append-only except that
 * an update may empty the columns that can hold a person's e-mail or name, and nothing else.
 */
export class AccountErasure1763686400000 implements MigrationInterface {
  name = 'AccountErasure1763686400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Each step safe to run again after a half-done run on MySQL, where each DDL statement commits by itself.
    if (!(await queryRunner.hasColumn('users', 'erased_at')))
      await queryRunner.addColumn('users', new TableColumn(timestampColumn(queryRunner, 'erased_at', true)));
    await queryRunner.createTable(
      new Table({
        name: 'erased_accounts',
        columns: [
          { name: 'hash', type: 'varchar', length: '64', isPrimary: true },
          timestampColumn(queryRunner, 'created_at'),
        ],
      }),
      true,
    );
    await this.replaceUpdateTrigger(queryRunner, true);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.replaceUpdateTrigger(queryRunner, false);
    await queryRunner.dropTable('erased_accounts', true);
    await queryRunner.dropColumn('users', 'erased_at');
  }

  private async replaceUpdateTrigger(queryRunner: QueryRunner, allowErasing: boolean): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type === 'mysql';
    await queryRunner.query('DROP TRIGGER IF EXISTS audit_log_no_update');
    if (mysql) {
      const refuse = `SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '${REFUSAL}'`;
      const body = allowErasing
        ? `BEGIN IF NOT (${onlyErases((c) => `NEW.${c} <=> OLD.${c}`)}) THEN ${refuse}; END IF; END`
        : refuse;
      await queryRunner.query(`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log FOR EACH ROW ${body}`);
      return;
    }
    const when = allowErasing ? ` WHEN NOT (${onlyErases((c) => `NEW.${c} IS OLD.${c}`)})` : '';
    await queryRunner.query(
      `CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log${when} BEGIN SELECT RAISE(ABORT, '${REFUSAL}'); END`,
    );
  }
}
