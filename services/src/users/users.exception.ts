import { AppException } from '../common/app.exception';

export enum UsersErrorCode {
  EmailTaken = 'USERS_EMAIL_TAKEN',
}

const STATUS: Record<UsersErrorCode, number> = {
  [UsersErrorCode.EmailTaken]: 409,
};

export class UsersException extends AppException<UsersErrorCode> {
  constructor(code: UsersErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
