import 'reflect-metadata';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { EntityRows } from './entity-rows';

@Entity('things')
class ThingEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'int' })
  size!: number;

  @Column({ type: 'boolean' })
  shown!: boolean;

  @Column({ type: 'datetime', name: 'made_at', nullable: true })
  madeAt!: Date | null;
}

describe('EntityRows on SQLite', () => {
  let dataSource: DataSource;
  let rows: EntityRows<ThingEntity>;

  beforeAll(async () => {
    dataSource = await new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
      entities: [ThingEntity],
      synchronize: true,
    }).initialize();
    rows = new EntityRows(dataSource, ThingEntity);
  });
  afterAll(() => dataSource.destroy());

  it('reads named rows, hydrated as TypeORM hydrates them, dates of every text form included', async () => {
    const texts = [
      '2026-11-23 07:04:18.123',
      '2026-02-28 23:59:59.999',
      '2026-11-23 07:04:18',
      '2026-11-23T07:04:18.5Z',
      '2026-11-23 07:04',
      null,
    ];
    const insert = dataSource.createQueryRunner();
    for (const [i, text] of texts.entries())
      await insert.query('INSERT INTO things (id, size, shown, made_at) VALUES (?, ?, ?, ?)', [
        `t${i}`,
        i,
        i % 2,
        text,
      ]);
    await insert.release();

    const read = await rows.query(`SELECT ${rows.columns('t')} FROM things t WHERE t.size >= :least ORDER BY t.size`, {
      least: 0,
    });
    expect(read.map((row) => row.id)).toEqual(texts.map((_, i) => `t${i}`));
    const column = dataSource.getMetadata(ThingEntity).findColumnWithPropertyName('madeAt')!;
    for (const [i, row] of read.entries()) {
      const thing = rows.hydrate(row);
      expect(thing).toMatchObject({ id: `t${i}`, size: i, shown: i % 2 === 1 });
      const expected = dataSource.driver.prepareHydratedValue(texts[i], column) as Date | null;
      expect(thing.madeAt?.toISOString() ?? null).toBe(expected?.toISOString() ?? null);
    }
    expect(rows.hydrate(read[0]!).madeAt!.toISOString()).toBe('2026-11-23T07:04:18.123Z');
  });

  it('leaves out the columns a read did not select', async () => {
    const [row] = await rows.query('SELECT t.id FROM things t WHERE t.id = :id', { id: 't1' });
    expect(rows.hydrate(row!)).toEqual({ id: 't1' });
  });
});
