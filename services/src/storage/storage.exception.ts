import { STORAGE_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const StorageErrorCode = STORAGE_ERROR_CODES;
export type StorageErrorCode = (typeof StorageErrorCode)[keyof typeof StorageErrorCode];

const STATUS: Record<StorageErrorCode, number> = {
  [StorageErrorCode.NotFound]: 404,
  // Keys are chosen by the server: a bad one is our bug, never the client's.
  [StorageErrorCode.InvalidKey]: 500,
  [StorageErrorCode.Unavailable]: 503,
};

export class StorageException extends AppException<StorageErrorCode> {
  constructor(code: StorageErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
