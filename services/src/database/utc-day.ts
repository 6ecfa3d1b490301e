import type { DataSource, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Rows of `entity` whose `column` falls in [start, end), grouped by that column's UTC day, selected
 * as `day` (`YYYY-MM-DD`). For counting by day: add the figures with `addSelect`.
 */
export function groupedByUtcDay<T extends ObjectLiteral>(
  dataSource: DataSource,
  entity: EntityTarget<T>,
  alias: string,
  column: string,
  range: { start: Date; end: Date },
): SelectQueryBuilder<T> {
  // Datetimes are stored in UTC on both databases (SQLite as text, MySQL with timezone 'Z').
  const day = dataSource.options.type === 'mysql' ? `DATE_FORMAT(${column}, '%Y-%m-%d')` : `substr(${column}, 1, 10)`;
  return dataSource
    .getRepository(entity)
    .createQueryBuilder(alias)
    .select(day, 'day')
    .where(`${column} >= :start AND ${column} < :end`, range)
    .groupBy(day);
}
