import { EVENTS_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const EventsErrorCode = EVENTS_ERROR_CODES;
export type EventsErrorCode = (typeof EventsErrorCode)[keyof typeof EventsErrorCode];

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
