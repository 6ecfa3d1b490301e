import type { QueryRunner, TableColumnOptions } from 'typeorm';

/** Millisecond timestamps with a database default, spelled for the driver in use. */
export function timestampColumn(queryRunner: QueryRunner, name: string, nullable = false): TableColumnOptions {
  const mysql = queryRunner.connection.driver.options.type === 'mysql';
  return {
    name,
    type: 'datetime',
    precision: mysql ? 3 : undefined,
    isNullable: nullable,
    default: nullable ? undefined : mysql ? 'CURRENT_TIMESTAMP(3)' : "(strftime('%Y-%m-%d %H:%M:%f', 'now'))",
  };
}
