import { AppException } from '../common/app.exception';

export enum HealthErrorCode {
  DatabaseDown = 'HEALTH_DATABASE_DOWN',
  NotReady = 'HEALTH_NOT_READY',
}

const STATUS: Record<HealthErrorCode, number> = {
  [HealthErrorCode.DatabaseDown]: 503,
  [HealthErrorCode.NotReady]: 503,
};

export class HealthException extends AppException<HealthErrorCode> {
  constructor(code: HealthErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
