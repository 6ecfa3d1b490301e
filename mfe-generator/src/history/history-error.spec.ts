import { ApiError } from '@veo3/platform/api/api-client';
import { translate } from '@veo3/platform/i18n/i18n';
import { historyErrorMessage } from './history-error';
import { historyMessages } from './history.messages';

const text = (error: unknown) => {
  const { key, vars } = historyErrorMessage(error);
  return translate(historyMessages, key, vars, 'en');
};

describe('historyErrorMessage', () => {
  it('asks to login on a 401', () => {
    expect(text(new ApiError('Unauthorized', 401))).toBe('Please login first');
  });

  it('names the status of any other HTTP error', () => {
    expect(text(new ApiError('Boom', 500))).toBe('HTTP error: 500');
    expect(text(new ApiError('Forbidden', 403))).toBe('HTTP error: 403');
  });

  it('falls back to a generic message for an unsuccessful reply or a network failure', () => {
    expect(text(new Error('Nope'))).toBe('Failed to fetch history');
    expect(text(new TypeError('Failed to fetch'))).toBe('Failed to fetch history');
  });
});
