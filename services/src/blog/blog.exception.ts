import { BLOG_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const BlogErrorCode = BLOG_ERROR_CODES;
export type BlogErrorCode = (typeof BlogErrorCode)[keyof typeof BlogErrorCode];

const STATUS: Record<BlogErrorCode, number> = {
  [BlogErrorCode.NotFound]: 404,
  [BlogErrorCode.InvalidImage]: 400,
  [BlogErrorCode.ImageTooLarge]: 413,
  [BlogErrorCode.BadUpload]: 400,
};

export class BlogException extends AppException<BlogErrorCode> {
  constructor(code: BlogErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
