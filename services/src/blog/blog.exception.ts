import { AppException } from '../common/app.exception';

export enum BlogErrorCode {
  NotFound = 'BLOG_POST_NOT_FOUND',
  InvalidImage = 'BLOG_INVALID_IMAGE',
  ImageTooLarge = 'BLOG_IMAGE_TOO_LARGE',
  BadUpload = 'BLOG_BAD_UPLOAD',
}

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
