import { AppException } from '../common/app.exception';

export enum VideoErrorCode {
  PromptRequired = 'VIDEO_PROMPT_REQUIRED',
  PromptTooLong = 'VIDEO_PROMPT_TOO_LONG',
  ImageRequired = 'VIDEO_IMAGE_REQUIRED',
  NotSignedIn = 'VIDEO_NOT_SIGNED_IN',
  UnknownModel = 'VIDEO_UNKNOWN_MODEL',
  InsufficientCredits = 'VIDEO_INSUFFICIENT_CREDITS',
  InvalidImage = 'VIDEO_INVALID_IMAGE',
  ImageTooLarge = 'VIDEO_IMAGE_TOO_LARGE',
  /** Width × height over MAX_IMAGE_PIXELS, whatever the file's size. */
  ImageTooManyPixels = 'VIDEO_IMAGE_TOO_MANY_PIXELS',
  BadForm = 'VIDEO_BAD_FORM',
  BadOption = 'VIDEO_BAD_OPTION',
  UnsupportedOption = 'VIDEO_UNSUPPORTED_OPTION',
  Unavailable = 'VIDEO_UNAVAILABLE',
  NotFound = 'VIDEO_NOT_FOUND',
  LinkExpired = 'VIDEO_LINK_EXPIRED',
  IdempotencyKeyReused = 'VIDEO_IDEMPOTENCY_KEY_REUSED',
  TaskUnfinished = 'VIDEO_TASK_UNFINISHED',
  /** Edit/extend: the video is not a finished Gemini Omni Flash video. */
  NotEditable = 'VIDEO_NOT_EDITABLE',
  /** Extend: the video would pass MAX_VIDEO_SECONDS. */
  TooLong = 'VIDEO_TOO_LONG',
  /** Edit/extend: the provider cannot work on this video (its checkParent reason). */
  ParentRefused = 'VIDEO_PARENT_REFUSED',
}

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
};

export class VideoException extends AppException<VideoErrorCode> {
  constructor(code: VideoErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
