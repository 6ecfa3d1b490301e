import { GALLERY_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const GalleryErrorCode = GALLERY_ERROR_CODES;
export type GalleryErrorCode = (typeof GalleryErrorCode)[keyof typeof GalleryErrorCode];

const STATUS: Record<GalleryErrorCode, number> = {
  [GalleryErrorCode.Banned]: 403,
  [GalleryErrorCode.NotFound]: 404,
  [GalleryErrorCode.UserNotFound]: 404,
  [GalleryErrorCode.TooManyReports]: 429,
  [GalleryErrorCode.NotOffered]: 409,
  [GalleryErrorCode.OwnerBanned]: 409,
};

export class GalleryException extends AppException<GalleryErrorCode> {
  /** TooManyReports: the seconds until another report is taken (sent as Retry-After). */
  constructor(
    code: GalleryErrorCode,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(code, message, STATUS[code]);
  }
}

export const GALLERY_BANNED_MESSAGE = 'You can no longer offer videos to the gallery.';
