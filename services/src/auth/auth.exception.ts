import { AppException } from '../common/app.exception';

export enum AuthErrorCode {
  GoogleOnly = 'AUTH_GOOGLE_ONLY',
  GoogleNotConfigured = 'AUTH_GOOGLE_NOT_CONFIGURED',
  GoogleTokenInvalid = 'AUTH_GOOGLE_TOKEN_INVALID',
  DevLoginDisabled = 'AUTH_DEV_LOGIN_DISABLED',
  NotSignedIn = 'AUTH_NOT_SIGNED_IN',
  SessionExpired = 'AUTH_SESSION_EXPIRED',
  NotAdmin = 'AUTH_NOT_ADMIN',
  NotBlogManager = 'AUTH_NOT_BLOG_MANAGER',
}

const STATUS: Record<AuthErrorCode, number> = {
  [AuthErrorCode.GoogleOnly]: 400,
  [AuthErrorCode.GoogleNotConfigured]: 404,
  [AuthErrorCode.GoogleTokenInvalid]: 401,
  [AuthErrorCode.DevLoginDisabled]: 404,
  [AuthErrorCode.NotSignedIn]: 401,
  [AuthErrorCode.SessionExpired]: 401,
  [AuthErrorCode.NotAdmin]: 403,
  [AuthErrorCode.NotBlogManager]: 403,
};

export class AuthException extends AppException<AuthErrorCode> {
  constructor(code: AuthErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
