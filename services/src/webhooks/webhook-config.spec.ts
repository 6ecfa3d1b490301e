import { ConfigError, loadConfig } from '../config/app-config';

const PROD = { NODE_ENV: 'production', JWT_SECRET: 'a3f9c2e17b5d4088e6c1f0a29d7b3e45' };

describe('webhook settings', () => {
  it("default to Standard Webhooks' retry schedule, a threshold of 40 and no private host", () => {
    expect(loadConfig({}).webhooks).toEqual({
      creditsLowThreshold: 40,
      allowPrivateHosts: [],
      retryDelaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
    });
  });

  it('take a schedule in seconds, decimals allowed, and hosts allowed for tests', () => {
    const config = loadConfig({ WEBHOOK_RETRY_SECONDS: '0.5, 2', WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1,Localhost' });
    expect(config.webhooks).toMatchObject({
      retryDelaysMs: [500, 2000],
      allowPrivateHosts: ['127.0.0.1', 'localhost'],
    });
  });

  it('never allow private hosts in production', () => {
    expect(() => loadConfig({ ...PROD, WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PROD, WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE_HOSTS: webhooks to private hosts are never allowed/,
    );
  });

  it('refuse a schedule that is not numbers', () => {
    expect(() => loadConfig({ WEBHOOK_RETRY_SECONDS: '5,soon' })).toThrow(/WEBHOOK_RETRY_SECONDS/);
  });
});
