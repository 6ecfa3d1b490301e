import { API_KEYS_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const ApiKeysErrorCode = API_KEYS_ERROR_CODES;
export type ApiKeysErrorCode = (typeof ApiKeysErrorCode)[keyof typeof ApiKeysErrorCode];

const STATUS: Record<ApiKeysErrorCode, number> = {
  [ApiKeysErrorCode.NotFound]: 404,
  [ApiKeysErrorCode.TooMany]: 409,
  [ApiKeysErrorCode.Invalid]: 401,
  [ApiKeysErrorCode.MissingScope]: 403,
  [ApiKeysErrorCode.NotAnApiKey]: 401,
  [ApiKeysErrorCode.CapReached]: 402,
};

export class ApiKeysException extends AppException<ApiKeysErrorCode> {
  constructor(code: ApiKeysErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
