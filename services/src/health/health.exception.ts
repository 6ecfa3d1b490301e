import { HEALTH_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const HealthErrorCode = HEALTH_ERROR_CODES;
export type HealthErrorCode = (typeof HealthErrorCode)[keyof typeof HealthErrorCode];

const STATUS: Record<HealthErrorCode, number> = {
  [HealthErrorCode.DatabaseDown]: 503,
  [HealthErrorCode.NotReady]: 503,
};

export class HealthException extends AppException<HealthErrorCode> {
  constructor(code: HealthErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
