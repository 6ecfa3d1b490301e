import { ApiError } from '@veo3/platform/api/api-client';
import type { historyMessages } from './history.messages';

type HistoryMessageKey = keyof (typeof historyMessages)['en'];

export interface HistoryErrorMessage {
  key: Extract<HistoryMessageKey, 'errorLoginFirst' | 'errorHttp' | 'errorFetch'>;
  vars?: { status: number };
}

/** SPEC §8 'History': the message a failed history load shows. */
export function historyErrorMessage(error: unknown): HistoryErrorMessage {
  if (!(error instanceof ApiError)) return { key: 'errorFetch' };
  return error.status === 401 ? { key: 'errorLoginFirst' } : { key: 'errorHttp', vars: { status: error.status } };
}
