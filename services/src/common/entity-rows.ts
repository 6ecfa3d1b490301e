import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * A fixed SQL read on the hot paths, without the query builder: building a query costs more than
 * SQLite takes to run it. Named parameters (`:name`) and values (dates, booleans) go through the
 * driver as the query builder would pass them, and rows come back as entities hydrated as TypeORM
 * would (booleans, dates); `columns` lists the selected columns for a SELECT clause.
 */
export class EntityRows<E extends ObjectLiteral> {
  private readonly metadata;

  constructor(
    private readonly dataSource: DataSource,
    target: EntityTarget<E>,
  ) {
    this.metadata = dataSource.getMetadata(target);
  }

  /** `alias.column, ...` for the given properties (all when omitted). */
  columns(alias: string, properties?: (keyof E & string)[]): string {
    return this.metadata.columns
      .filter((c) => !properties || properties.includes(c.propertyName as keyof E & string))
      .map((c) => `${alias}.${c.databaseName}`)
      .join(', ');
  }

  async query(sql: string, parameters: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    const [escaped, values] = this.dataSource.driver.escapeQueryWithParameters(sql, parameters);
    return this.dataSource.query(escaped, values);
  }

  /** The row's selected columns as entity properties (columns not selected stay absent). */
  hydrate(row: Record<string, unknown>): E {
    const entity = {} as Record<string, unknown>;
    for (const column of this.metadata.columns) {
      if (!(column.databaseName in row)) continue;
      entity[column.propertyName] = this.dataSource.driver.prepareHydratedValue(row[column.databaseName], column);
    }
    return entity as E;
  }
}
