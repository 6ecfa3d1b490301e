import { REFERRALS_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const ReferralsErrorCode = REFERRALS_ERROR_CODES;
export type ReferralsErrorCode = (typeof ReferralsErrorCode)[keyof typeof ReferralsErrorCode];

const STATUS: Record<ReferralsErrorCode, number> = {
  [ReferralsErrorCode.CodeUnavailable]: 503,
};

export class ReferralsException extends AppException<ReferralsErrorCode> {
  constructor(code: ReferralsErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
