import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Security review item 9: `tags` holds the JSON of the most tags the API accepts (20 tags of 50
 * characters, each possibly escaped to two, is 2061 characters), not 1000, which MySQL refused
 * with a 500 after validation had passed.
 */
export class BlogTagsLength1763684600000 implements MigrationInterface {
  name = 'BlogTagsLength1763684600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await resizeTags(queryRunner, 2100);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await resizeTags(queryRunner, 1000);
  }
}

async function resizeTags(queryRunner: QueryRunner, length: number): Promise<void> {
  if (queryRunner.connection.driver.options.type === 'mysql') {
    // TypeORM's changeColumn drops and re-adds a MySQL column whose length changes, losing every
    // post's tags; MODIFY keeps them (and, going down, refuses rather than cuts a longer value).
    await queryRunner.query(`ALTER TABLE \`blog_posts\` MODIFY \`tags\` varchar(${length}) NOT NULL DEFAULT '[]'`);
    return;
  }
  // SQLite: TypeORM rebuilds the table with the new column and copies the rows.
  await queryRunner.changeColumn(
    'blog_posts',
    'tags',
    new TableColumn({ name: 'tags', type: 'varchar', length: String(length), default: "'[]'" }),
  );
}
