import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mails and provider subjects compare byte for byte. MySQL's default collations ignore accents
 * (`vïctim@` = `victim@`), so a lookup or the unique index could join two people's accounts;
 * SQLite's default collation is binary already. Addresses are stored case-folded, so binary
 * comparison is the exact, case-folded match the sign-in rule asks for.
 */
export class ExactUserIdentity1763684200000 implements MigrationInterface {
  name = 'ExactUserIdentity1763684200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.collate(queryRunner, 'utf8mb4_bin');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.collate(queryRunner, 'utf8mb4_unicode_ci');
  }

  private async collate(queryRunner: QueryRunner, collation: string): Promise<void> {
    if (queryRunner.connection.driver.options.type !== 'mysql') return;
    await queryRunner.query(
      `ALTER TABLE users MODIFY email varchar(320) CHARACTER SET utf8mb4 COLLATE ${collation} NOT NULL, ` +
        `MODIFY provider_subject varchar(255) CHARACTER SET utf8mb4 COLLATE ${collation} NULL`,
    );
  }
}
