import { AppException } from '../common/app.exception';

export enum StorageErrorCode {
  NotFound = 'STORAGE_NOT_FOUND',
  InvalidKey = 'STORAGE_INVALID_KEY',
  Unavailable = 'STORAGE_UNAVAILABLE',
}

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
