import { AppException } from '../common/app.exception';

export enum EventsErrorCode {
  Draining = 'EVENTS_DRAINING',
  TooManyFromAddress = 'EVENTS_TOO_MANY_FROM_ADDRESS',
  RateLimited = 'EVENTS_RATE_LIMITED',
}

const STATUS: Record<EventsErrorCode, number> = {
  [EventsErrorCode.Draining]: 503,
  [EventsErrorCode.TooManyFromAddress]: 429,
  [EventsErrorCode.RateLimited]: 429,
};

export class EventsException extends AppException<EventsErrorCode> {
  constructor(code: EventsErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
