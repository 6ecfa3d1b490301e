import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

export class Blog1763683700000 implements MigrationInterface {
  name = 'Blog1763683700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: 'blog_posts',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'slug', type: 'varchar', length: '120' },
          { name: 'title', type: 'varchar', length: '200' },
          { name: 'excerpt', type: 'varchar', length: '500', isNullable: true },
          // An article with images and formatting can pass MySQL's 64 KB TEXT.
          { name: 'content', type: mysql ? 'mediumtext' : 'text' },
          { name: 'featured_image', type: 'varchar', length: '1000', isNullable: true },
          { name: 'author_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'author_name', type: 'varchar', length: '200', isNullable: true },
          { name: 'author_avatar', type: 'varchar', length: '1000', isNullable: true },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'tags', type: 'varchar', length: '1000', default: "'[]'" },
          { name: 'meta_title', type: 'varchar', length: '70', isNullable: true },
          { name: 'meta_description', type: 'varchar', length: '160', isNullable: true },
          { name: 'view_count', type: 'int', default: 0 },
          timestampColumn(queryRunner, 'published_at', true),
          timestampColumn(queryRunner, 'created_at'),
          timestampColumn(queryRunner, 'updated_at'),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['author_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          }),
        ],
        indices: [
          new TableIndex({ name: 'uq_blog_posts_slug', columnNames: ['slug'], isUnique: true }),
          new TableIndex({ name: 'idx_blog_posts_status_published', columnNames: ['status', 'published_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('blog_posts');
  }
}
