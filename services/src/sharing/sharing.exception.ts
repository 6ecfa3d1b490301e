import { SHARING_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const SharingErrorCode = SHARING_ERROR_CODES;
export type SharingErrorCode = (typeof SharingErrorCode)[keyof typeof SharingErrorCode];

const STATUS: Record<SharingErrorCode, number> = {
  [SharingErrorCode.NotFound]: 404,
  [SharingErrorCode.NotShareable]: 409,
  [SharingErrorCode.FormatNotImplemented]: 501,
};

export class SharingException extends AppException<SharingErrorCode> {
  constructor(code: SharingErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}

/** The one answer for a share that is not live, and for a video that is not the caller's: nothing tells them apart. */
export const shareNotFound = () =>
  new SharingException(SharingErrorCode.NotFound, 'This video is not shared, or the link is wrong.');
