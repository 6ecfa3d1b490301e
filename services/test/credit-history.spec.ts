import { devSignIn, type SignedIn } from './support/sign-in';
import { ScriptedProvider } from './support/scripted-provider';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient } from './support/video-client';
import { VideoProviders } from '../src/video/providers/video-providers';

/** The credit history names what each line is for by a catalogue id, so the browser can name it in its language. */
describe.each(databaseKinds())('credit history products on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        GENERATE_RATE_LIMIT: '1000',
        VIDEO_POLL_INTERVAL_MS: '20',
      },
      [{ provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider(0)]) }],
    );
    admin = await devSignIn(t.app, 'admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = (method: 'GET' | 'POST', url: string, user: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: user.auth, payload });

  async function buy(user: SignedIn, body: object): Promise<void> {
    const { session_id: id } = (await api('POST', '/api/stripe/create-payment-intent', user, body)).json();
    expect((await api('POST', `/api/stripe/simulated/${id}/complete`, user)).statusCode).toBe(200);
  }

  it('a pack, a plan, its renewal, a video and its refund carry their catalogue ids; an adjustment carries none', async () => {
    const user = await devSignIn(t.app, 'history@example.com');
    const videos = videoClient(t, admin);
    await buy(user, { type: 'credits', package_id: 'starter' });
    await buy(user, { type: 'subscription', plan_id: 'pro' });
    const status = (await api('GET', '/api/stripe/subscription/status', user)).json().data;
    expect(
      (await api('POST', `/api/stripe/simulated/subscriptions/${status.subscription.id}/renew`, admin)).statusCode,
    ).toBe(200);
    const generated = await videos.generate({ prompt: 'a kite over the sea [fail]', model: 'veo3' }, user);
    expect(generated.statusCode).toBe(200);
    await videos.waitFor(user, generated.json().data.taskId, ['failed']);
    // An administrator's line whose free-form sourceId happens to be a product id names nothing.
    await api('POST', '/api/credits/add', admin, {
      userId: user.user.id,
      amount: 5,
      reason: 'test credits',
      sourceId: 'starter',
    });

    const expected = [
      { source_type: 'admin', amount: 5, product_id: null, product_name: null },
      { source_type: 'refund', amount: 40, product_id: 'veo3', product_name: 'VEO 3 Text' },
      { source_type: 'video', amount: -40, product_id: 'veo3', product_name: 'VEO 3 Text' },
      { source_type: 'renewal', amount: 1340, product_id: 'pro', product_name: null },
      { source_type: 'plan', amount: 1340, product_id: 'pro', product_name: null },
      { source_type: 'purchase', amount: 330, product_id: 'starter', product_name: null },
    ];
    const page = await api('GET', `/api/credits/${user.user.id}/transactions?limit=10`, user);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.items).toMatchObject(expected);

    // The balance's latest lines say the same, and a second page keeps them.
    const balance = (await api('GET', '/api/credits/balance', user)).json().data;
    expect(balance.transactions).toMatchObject(expected);
    const second = (await api('GET', `/api/credits/${user.user.id}/transactions?limit=2&offset=2`, user)).json().data;
    expect(second.items).toMatchObject(expected.slice(2, 4));
  });
});
