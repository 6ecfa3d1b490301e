import { AppException } from '../common/app.exception';

export enum DatabaseErrorCode {
  /** The schema is older than this release's code: the migration Job has not run yet. */
  SchemaPending = 'DATABASE_SCHEMA_PENDING',
  /** Another migration held the lock for longer than this one would wait. */
  MigrationLockTimeout = 'DATABASE_MIGRATION_LOCK_TIMEOUT',
}

const STATUS: Record<DatabaseErrorCode, number> = {
  [DatabaseErrorCode.SchemaPending]: 503,
  [DatabaseErrorCode.MigrationLockTimeout]: 503,
};

export class DatabaseException extends AppException<DatabaseErrorCode> {
  constructor(code: DatabaseErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
