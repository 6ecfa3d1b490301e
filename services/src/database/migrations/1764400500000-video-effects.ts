import { randomUUID } from 'node:crypto';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { EFFECT_SEEDS } from '../../effects/effect-seeds';
import { timestampColumn } from '../migration-helpers';

/** The columns a task made from an effect adds (all nullable: older tasks and the previous release's writes). */
const TASK_COLUMNS = (queryRunner: QueryRunner) => [
  new TableColumn({ name: 'effect_id', type: 'varchar', length: '36', isNullable: true }),
  new TableColumn({ name: 'provider_prompt', type: 'text', isNullable: true }),
  new TableColumn({ name: 'effect_inputs', type: 'text', isNullable: true }),
  new TableColumn(timestampColumn(queryRunner, 'people_consent_at', true)),
];

/**
 * Effect templates (one-tap videos): the `video_effects` table, seeded with the published effects a
 * new site starts with (services/src/effects/effect-seeds.ts), and what a task made from one keeps.
 * A new table and nullable columns only: the previous release's writes still work.
 */
export class VideoEffects1764400500000 implements MigrationInterface {
  name = 'VideoEffects1764400500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!(await queryRunner.hasTable('video_effects'))) {
      await queryRunner.createTable(
        new Table({
          name: 'video_effects',
          columns: [
            { name: 'id', type: 'varchar', length: '36', isPrimary: true },
            { name: 'slug', type: 'varchar', length: '60' },
            { name: 'category', type: 'varchar', length: '20' },
            { name: 'badge', type: 'varchar', length: '10', isNullable: true },
            { name: 'name', type: 'text' },
            { name: 'description', type: 'text' },
            { name: 'inputs', type: 'text' },
            { name: 'faq', type: 'text' },
            { name: 'people', type: 'boolean', default: false },
            { name: 'prompt_template', type: 'text' },
            { name: 'price', type: 'int' },
            { name: 'model', type: 'varchar', length: '40' },
            { name: 'aspect_ratio', type: 'varchar', length: '8' },
            { name: 'resolution', type: 'varchar', length: '8' },
            { name: 'duration_s', type: 'int' },
            { name: 'sample_path', type: 'varchar', length: '300', isNullable: true },
            { name: 'poster_path', type: 'varchar', length: '300', isNullable: true },
            { name: 'position', type: 'int', default: 0 },
            { name: 'published', type: 'boolean', default: false },
            timestampColumn(queryRunner, 'created_at'),
            timestampColumn(queryRunner, 'updated_at'),
          ],
          indices: [
            new TableIndex({ name: 'uq_video_effects_slug', columnNames: ['slug'], isUnique: true }),
            new TableIndex({ name: 'idx_video_effects_position', columnNames: ['published', 'position'] }),
          ],
        }),
      );
      await this.seed(queryRunner);
    }
    // Safe to run again after a half-done run on MySQL, where each DDL statement commits by itself.
    for (const column of TASK_COLUMNS(queryRunner)) {
      if (!(await queryRunner.hasColumn('video_tasks', column.name)))
        await queryRunner.addColumn('video_tasks', column);
    }
  }

  /** The seed effects, published, in their order (booleans as 1/0: SQLite's driver binds no booleans). */
  private async seed(queryRunner: QueryRunner): Promise<void> {
    const rows = EFFECT_SEEDS.map((seed, position) => ({
      id: randomUUID(),
      slug: seed.slug,
      category: seed.category,
      badge: seed.badge,
      name: JSON.stringify(seed.name),
      description: JSON.stringify(seed.description),
      inputs: JSON.stringify(seed.inputs),
      faq: JSON.stringify(seed.faq),
      people: seed.people ? 1 : 0,
      prompt_template: seed.prompt_template,
      price: seed.price,
      model: seed.settings.model,
      aspect_ratio: seed.settings.aspect_ratio,
      resolution: seed.settings.resolution,
      duration_s: seed.settings.duration_s,
      position,
      published: 1,
    }));
    // Plain SQL: the query builder would map these columns through the entity of today, not this table.
    for (const row of rows) {
      const columns = Object.keys(row);
      await queryRunner.query(
        `INSERT INTO video_effects (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        Object.values(row),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of TASK_COLUMNS(queryRunner).reverse()) await queryRunner.dropColumn('video_tasks', column.name);
    await queryRunner.dropTable('video_effects');
  }
}
