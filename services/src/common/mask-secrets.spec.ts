import { MASKED, maskSecrets } from './mask-secrets';

const GOOGLE_KEY = 'AIzaSyD3xAmPl3-k3y_0123456789abcdefghi';

describe('maskSecrets', () => {
  it.each([
    [
      "Permission denied: Consumer 'api_key:AIzaSyD3xAmPl3-k3y_0123456789abcdefghi' has been suspended.",
      `Permission denied: Consumer 'api_key:${MASKED}' has been suspended.`,
    ],
    [`API key not valid: ${GOOGLE_KEY}.`, `API key not valid: AIza${MASKED}.`],
    [
      'GET https://generativelanguage.googleapis.com/v1beta/models?key=AIzaSyD3xAmPl3&pageSize=100 failed',
      `GET https://generativelanguage.googleapis.com/v1beta/models?key=${MASKED}&pageSize=100 failed`,
    ],
    ['x-goog-api-key: test-gemini-key', `x-goog-api-key: ${MASKED}`],
    ['{"apiKey": "kie-123456", "code": 401}', `{"apiKey": "${MASKED}", "code": 401}`],
    ['Authorization: Bearer eyJhbGciOi.J9x-y_z', `Authorization: Bearer ${MASKED}`],
    ['invalid sk_live_51HxYzAbCdEfGh and rk_test_AbCdEfGh12', `invalid sk_live_${MASKED} and rk_test_${MASKED}`],
    ['signed with whsec_abcDEF123456', `signed with whsec_${MASKED}`],
    ['mysql://root:s3cr3t@db:3306/app unreachable', `mysql://root:${MASKED}@db:3306/app unreachable`],
    ['/api/video/file/1?exp=1700000000&sig=AbCdEf_123', `/api/video/file/1?exp=1700000000&sig=${MASKED}`],
  ])('masks %j', (text, expected) => {
    expect(maskSecrets(text)).toBe(expected);
    expect(maskSecrets(expected)).toBe(expected);
  });

  it('leaves text without credentials as it is', () => {
    const text = 'Veo 429: RESOURCE_EXHAUSTED: Quota exceeded for metric generate_requests, retry in 37s (monkey=ok)';
    expect(maskSecrets(text)).toBe(text);
  });
});
