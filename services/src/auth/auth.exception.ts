import { AUTH_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const AuthErrorCode = AUTH_ERROR_CODES;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];

const STATUS: Record<AuthErrorCode, number> = {
  [AuthErrorCode.GoogleOnly]: 400,
  [AuthErrorCode.GoogleNotConfigured]: 404,
  [AuthErrorCode.GoogleTokenInvalid]: 401,
  [AuthErrorCode.DevLoginDisabled]: 404,
  [AuthErrorCode.NotSignedIn]: 401,
  [AuthErrorCode.SessionExpired]: 401,
  [AuthErrorCode.NotAdmin]: 403,
  [AuthErrorCode.NotBlogManager]: 403,
  [AuthErrorCode.ApiKeyNotAccepted]: 401,
};

export class AuthException extends AppException<AuthErrorCode> {
  constructor(code: AuthErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
