import { USERS_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const UsersErrorCode = USERS_ERROR_CODES;
export type UsersErrorCode = (typeof UsersErrorCode)[keyof typeof UsersErrorCode];

const STATUS: Record<UsersErrorCode, number> = {
  [UsersErrorCode.EmailTaken]: 409,
};

export class UsersException extends AppException<UsersErrorCode> {
  constructor(code: UsersErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
