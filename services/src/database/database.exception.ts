import { DATABASE_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const DatabaseErrorCode = DATABASE_ERROR_CODES;
export type DatabaseErrorCode = (typeof DatabaseErrorCode)[keyof typeof DatabaseErrorCode];

const STATUS: Record<DatabaseErrorCode, number> = {
  [DatabaseErrorCode.SchemaPending]: 503,
  [DatabaseErrorCode.MigrationLockTimeout]: 503,
};

export class DatabaseException extends AppException<DatabaseErrorCode> {
  constructor(code: DatabaseErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
