import { QueryFailedError, type DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/** better-sqlite3's prepared statement, as far as it is used here. */
export interface SqliteStatement {
  all(...values: unknown[]): unknown[];
  raw(on: boolean): SqliteStatement;
  columns(): { name: string }[];
}

/** A statement whose rows come back as arrays, with the column name of each index. */
interface RawStatement {
  statement: SqliteStatement;
  names: string[];
}

/** TypeORM's one better-sqlite3 connection, when the database is SQLite; null otherwise. */
export function sqliteConnection(dataSource: DataSource): { prepare(sql: string): SqliteStatement } | null {
  if (dataSource.options.type !== 'better-sqlite3') return null;
  return (dataSource.driver as unknown as { databaseConnection: { prepare(sql: string): SqliteStatement } })
    .databaseConnection;
}

/** mysql2's pool (its callback API) as TypeORM keeps it, as far as it is used here. */
interface MysqlPool {
  execute(sql: string, values: unknown[], done: (error: Error | null, rows: unknown) => void): void;
}

/** TypeORM's mysql2 pool, when the database is MySQL; null otherwise. */
function mysqlPool(dataSource: DataSource): MysqlPool | null {
  if (dataSource.options.type !== 'mysql') return null;
  return (dataSource.driver as unknown as { pool?: MysqlPool }).pool ?? null;
}

/** Statements kept prepared at most (the SQL is fixed text; numbers inlined by the driver vary it). */
const MAX_STATEMENTS = 64;

/** SQLite datetime text as TypeORM writes it and the schema's defaults make it: UTC with milliseconds. */
const SQLITE_UTC_DATETIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/;

/** Column types whose raw value both drivers already return as the entity holds it. */
const RAW_TYPES = new Set<unknown>(['varchar', 'text', 'int', 'integer']);

/**
 * A fixed SQL read on the hot paths, without the query builder: building a query costs more than
 * SQLite takes to run it. Named parameters (`:name`) and values (dates, booleans) go through the
 * driver as the query builder would pass them, and rows come back hydrated as TypeORM would
 * (booleans, dates). The statement is prepared once (per pooled connection on MySQL) and run on
 * TypeORM's connections, without its per-query runner and events (none are used here).
 */
export class EntityRows<E extends ObjectLiteral> {
  private readonly columnsByName: {
    name: string;
    property: string;
    raw: boolean;
    sqliteDate: boolean;
    column: ColumnMetadata;
  }[];
  private readonly statements = new Map<string, RawStatement>();
  // Statements belong to one connection: a reconnected DataSource starts over.
  private statementsOf: unknown = null;

  constructor(
    private readonly dataSource: DataSource,
    target: EntityTarget<E>,
  ) {
    const sqlite = dataSource.options.type === 'better-sqlite3';
    this.columnsByName = dataSource.getMetadata(target).columns.map((column) => ({
      name: column.databaseName,
      property: column.propertyName,
      raw: RAW_TYPES.has(column.type) && !column.transformer,
      sqliteDate: sqlite && column.type === 'datetime' && !column.transformer,
      column,
    }));
  }

  /** `alias.column, ...` for the given properties (all when omitted). */
  columns(alias: string, properties?: (keyof E & string)[]): string {
    return this.columnsByName
      .filter((c) => !properties || properties.includes(c.property as keyof E & string))
      .map((c) => `${alias}.${c.name}`)
      .join(', ');
  }

  async query(sql: string, parameters: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    const [escaped, values] = this.dataSource.driver.escapeQueryWithParameters(sql, parameters);
    const pool = mysqlPool(this.dataSource);
    if (pool) {
      return new Promise((resolve, reject) =>
        pool.execute(escaped, values, (error, rows) =>
          error ? reject(new QueryFailedError(escaped, values, error)) : resolve(rows as Record<string, unknown>[]),
        ),
      );
    }
    const connection = sqliteConnection(this.dataSource);
    if (!connection) return this.dataSource.query(escaped, values);
    if (this.statementsOf !== connection) {
      this.statements.clear();
      this.statementsOf = connection;
    }
    let raw = this.statements.get(escaped);
    if (!raw) {
      const statement = connection.prepare(escaped).raw(true);
      raw = { statement, names: statement.columns().map((c) => c.name) };
      if (this.statements.size >= MAX_STATEMENTS) this.statements.clear();
      this.statements.set(escaped, raw);
    }
    // Rows as arrays, named here: better-sqlite3 builds each object key by key, at half the speed.
    const { names } = raw;
    return (raw.statement.all(...values) as unknown[][]).map((cells) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) row[names[i]!] = cells[i];
      return row;
    });
  }

  /** The row's selected columns as entity properties (columns not selected stay absent). */
  hydrate(row: Record<string, unknown>): E {
    const entity = {} as Record<string, unknown>;
    for (const c of this.columnsByName) {
      if (!(c.name in row)) continue;
      const value = row[c.name];
      if (c.raw) entity[c.property] = value;
      // The Date TypeORM would make of the usual text, without its two regular expressions and rewrites.
      else if (c.sqliteDate && typeof value === 'string' && SQLITE_UTC_DATETIME.test(value))
        entity[c.property] = new Date(`${value.slice(0, 10)}T${value.slice(11)}Z`);
      else entity[c.property] = this.dataSource.driver.prepareHydratedValue(value, c.column);
    }
    return entity as E;
  }
}
