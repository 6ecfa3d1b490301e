import { VIDEO_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const VideoErrorCode = VIDEO_ERROR_CODES;
export type VideoErrorCode = (typeof VideoErrorCode)[keyof typeof VideoErrorCode];

const STATUS: Record<VideoErrorCode, number> = {
  [VideoErrorCode.PromptRequired]: 400,
  [VideoErrorCode.PromptTooLong]: 400,
  [VideoErrorCode.ImageRequired]: 400,
  [VideoErrorCode.NotSignedIn]: 401,
  [VideoErrorCode.UnknownModel]: 400,
  [VideoErrorCode.InsufficientCredits]: 402,
  [VideoErrorCode.InvalidImage]: 400,
  [VideoErrorCode.ImageTooLarge]: 413,
  [VideoErrorCode.ImageTooManyPixels]: 413,
  [VideoErrorCode.BadForm]: 400,
  [VideoErrorCode.BadOption]: 400,
  [VideoErrorCode.UnsupportedOption]: 400,
  [VideoErrorCode.Unavailable]: 503,
  [VideoErrorCode.NotFound]: 404,
  [VideoErrorCode.LinkExpired]: 403,
  [VideoErrorCode.IdempotencyKeyReused]: 422,
  [VideoErrorCode.TaskUnfinished]: 409,
  [VideoErrorCode.NotEditable]: 400,
  [VideoErrorCode.TooLong]: 400,
  [VideoErrorCode.ParentRefused]: 400,
  [VideoErrorCode.TooManyActive]: 409,
  [VideoErrorCode.RemixUnavailable]: 422,
};

/** Generate with `remix_of` naming a share that is not live: refused before (or, in a race, with) the debit. */
export const remixUnavailable = () =>
  new VideoException(
    VideoErrorCode.RemixUnavailable,
    'The video you are remixing is no longer shared, so nothing was made and no credits were taken. Clear the remix to make your own video.',
  );

export class VideoException extends AppException<VideoErrorCode> {
  constructor(code: VideoErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
