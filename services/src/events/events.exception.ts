import { AppException } from '../common/app.exception';

export enum EventsErrorCode {
  Draining = 'EVENTS_DRAINING',
}

const STATUS: Record<EventsErrorCode, number> = {
  [EventsErrorCode.Draining]: 503,
};

export class EventsException extends AppException<EventsErrorCode> {
  constructor(code: EventsErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
