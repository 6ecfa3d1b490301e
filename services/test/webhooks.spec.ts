import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { MAX_WEBHOOK_ENDPOINTS } from '@veo3/contracts/webhooks';
import { AccountExportSections } from '../src/account-export/account-export.sections';
import { TransactionRunner } from '../src/database/transaction-runner';
import { VideoProviders } from '../src/video/providers/video-providers';
import { DISABLE_AFTER_MS, WebhookDispatcher } from '../src/webhooks/webhook-dispatcher';
import { WebhookEvents } from '../src/webhooks/webhook-events.service';
import { newDelivery } from '../src/webhooks/webhook-ids';
import { WEBHOOK_SENDS_PER_MINUTE } from '../src/webhooks/webhook-send-limit';
import { WebhookRepository } from '../src/webhooks/webhook.repository';
import { ScriptedProvider } from './support/scripted-provider';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient } from './support/video-client';

jest.setTimeout(120_000);

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver: records each request and answers with the next status of `statuses` (the last one repeats). */
class Receiver {
  readonly requests: Received[] = [];
  statuses: number[] = [200];
  location: string | null = null;
  private server!: Server;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
        const status = this.statuses.length > 1 ? this.statuses.shift()! : this.statuses[0]!;
        res.writeHead(status, this.location ? { location: this.location } : {}).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }
}

type Falsy = false | null | undefined;

async function until<T>(check: () => T | Falsy | Promise<T | Falsy>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const verify = (secret: string, request: Received) =>
  new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as Record<string, unknown>;

describe.each(databaseKinds())('webhooks on %s', (kind) => {
  let t: TestApp;
  let video: ReturnType<typeof videoClient>;
  let receiver: Receiver;
  let users = 0;

  beforeAll(async () => {
    receiver = await new Receiver().start();
    t = await createTestApp(
      kind,
      {
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        GENERATE_RATE_LIMIT: '1000',
        VIDEO_POLL_INTERVAL_MS: '20',
        WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        // Two quick retries, so a retry is seen within the sweep's 2 s.
        WEBHOOK_RETRY_SECONDS: '0.1,0.1',
      },
      [{ provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider(1)]) }],
    );
    video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.requests.length = 0;
    receiver.statuses = [200];
    receiver.location = null;
  });

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: user.auth, payload });
  const newUser = (credits = 0) => video.userWith(`hooks-${kind}-${++users}@example.com`, credits);
  const seen = (id: string) => receiver.requests.filter((r) => r.headers['webhook-id'] === id);

  async function endpoint(user: SignedIn, events = ['video.completed', 'video.failed', 'credits.low'], path = '/hook') {
    const res = await api('POST', '/api/account/webhooks', user, { url: receiver.url(path), events });
    expect([res.statusCode, res.json().message]).toEqual([201, undefined]);
    return res.json().data as { endpoint: { id: string; secret_prefix: string }; secret: string };
  }

  async function deliveries(user: SignedIn, endpointId: string) {
    const res = await api('GET', `/api/account/webhooks/${endpointId}/deliveries`, user);
    expect(res.statusCode).toBe(200);
    return res.json().data.items as {
      id: string;
      type: string;
      status: string;
      attempts: { status: number | null; error: string | null }[];
    }[];
  }

  /** A credits.low delivery to each of the user's endpoints, not due: only the test sends it (`manual`). */
  async function recorded(user: SignedIn): Promise<string> {
    const repo = t.app.get(WebhookRepository);
    const now = new Date();
    const [ep] = await repo.endpointsOf(user.user.id);
    const row = newDelivery(ep!, 'credits.low', { balance: 1, threshold: 40 }, now);
    await t.app.get(TransactionRunner).run((m) => repo.insertDeliveries(m, [row], now, false));
    return row.id;
  }

  it('delivers video.completed for a finished video, signed as Standard Webhooks says, and shows it delivered', async () => {
    const user = await newUser(100);
    const { endpoint: ep, secret } = await endpoint(user, ['video.completed']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    expect(ep.secret_prefix).toBe(secret.slice(0, 10));
    const res = await video.generate({ prompt: 'a fox in the snow', model: 'veo3' }, user);
    const taskId = res.json().data.taskId as string;
    await video.waitFor(user, taskId, ['completed']);
    const request = await until(() => receiver.requests[0], 'the delivery');
    const payload = verify(secret, request) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(payload.type).toBe('video.completed');
    // The video as the developer API shows it, with absolute signed links.
    expect(payload.data).toEqual({
      id: taskId,
      object: 'video',
      status: 'completed',
      model: 'veo3',
      prompt: 'a fox in the snow',
      aspect_ratio: '16:9',
      resolution: '720p',
      duration_s: 8,
      credits: 40,
      result_url: expect.stringMatching(new RegExp(`^http://localhost:3000/api/video/file/${taskId}\\?exp=`)),
      poster_url: expect.stringMatching(new RegExp(`^http://localhost:3000/api/video/poster/${taskId}\\?exp=`)),
      error: null,
      created_at: expect.any(String),
      completed_at: expect.any(String),
    });
    const [delivery] = await until(async () => {
      const items = await deliveries(user, ep.id);
      return items[0]?.status === 'delivered' && items;
    }, 'the delivered status');
    expect(delivery).toMatchObject({ id: request.headers['webhook-id'], type: 'video.completed' });
    expect(delivery!.attempts).toEqual([expect.objectContaining({ status: 200, error: null })]);
  });

  it('sends credits.low and video.failed only to endpoints subscribed to them', async () => {
    const user = await newUser(60);
    const all = await endpoint(user, ['credits.low', 'video.failed'], '/all');
    await endpoint(user, ['video.completed'], '/completed-only');
    const res = await video.generate({ prompt: '[fail] a storm', model: 'veo3' }, user);
    await video.waitFor(user, res.json().data.taskId, ['failed']);
    await until(() => receiver.requests.length >= 2, 'two deliveries');
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.requests.map((r) => r.path)).toEqual(['/all', '/all']);
    const payloads = receiver.requests.map((r) => verify(all.secret, r) as { type: string; data: object });
    expect(payloads.find((p) => p.type === 'credits.low')!.data).toEqual({ balance: 20, threshold: 40 });
    const failed = payloads.find((p) => p.type === 'video.failed')!.data;
    expect(failed).toMatchObject({
      object: 'video',
      status: 'failed',
      credits: 40,
      result_url: null,
      poster_url: null,
      error: { code: 'generation_failed', message: expect.stringContaining('refunded') },
    });
  });

  it('retries a failed try with the same webhook-id and payload until the receiver takes it, once', async () => {
    const user = await newUser();
    const { endpoint: ep, secret } = await endpoint(user, ['credits.low']);
    receiver.statuses = [500, 200];
    await t.app.get(WebhookEvents).emit(user.user.id, 'credits.low', { balance: 3, threshold: 40 });
    const [first, second] = await until(() => receiver.requests.length >= 2 && receiver.requests, 'the retry');
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(() => verify(secret, second!)).not.toThrow();
    await new Promise((r) => setTimeout(r, 2500));
    expect(receiver.requests).toHaveLength(2);
    const [delivery] = await deliveries(user, ep.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: [{ status: 500 }, { status: 200 }] });
  });

  it('sends a delivery once when several senders try it at the same moment', async () => {
    const user = await newUser();
    await endpoint(user, ['credits.low']);
    const ids = await t.app
      .get(TransactionRunner)
      .run((m) => t.app.get(WebhookEvents).record(m, user.user.id, 'credits.low', { balance: 1, threshold: 40 }));
    const id = ids[0]!;
    const dispatcher = t.app.get(WebhookDispatcher);
    // The sweep may join in too: still one request.
    await Promise.all([
      dispatcher.deliverDue(),
      dispatcher.deliverDue(),
      dispatcher.attempt(id, 'scheduled'),
      dispatcher.attempt(id, 'scheduled'),
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen(id)).toHaveLength(1);
  });

  it('gives up after the last retry of the schedule', async () => {
    const user = await newUser();
    const { endpoint: ep } = await endpoint(user, ['credits.low']);
    receiver.statuses = [503];
    await t.app.get(WebhookEvents).emit(user.user.id, 'credits.low', { balance: 3, threshold: 40 });
    const [delivery] = await until(async () => {
      const items = await deliveries(user, ep.id);
      return items[0]?.status === 'failed' && items;
    }, 'the delivery to give up');
    expect(delivery!.attempts.map((a) => a.status)).toEqual([503, 503, 503]);
    expect(seen(delivery!.id)).toHaveLength(3);
  });

  it('allows 10 test events and replays a minute per user; the next is a 429 with Retry-After and sends nothing', async () => {
    const user = await newUser();
    const { endpoint: ep } = await endpoint(user, ['credits.low']);
    const id = await recorded(user);
    for (let i = 0; i < WEBHOOK_SENDS_PER_MINUTE - 1; i++) {
      expect((await api('POST', `/api/account/webhooks/${ep.id}/test`, user)).statusCode).toBe(200);
    }
    expect((await api('POST', `/api/account/webhook-deliveries/${id}/replay`, user)).statusCode).toBe(200);
    const sent = receiver.requests.length;
    expect(sent).toBe(WEBHOOK_SENDS_PER_MINUTE);
    for (const url of [`/api/account/webhooks/${ep.id}/test`, `/api/account/webhook-deliveries/${id}/replay`]) {
      const refused = await api('POST', url, user);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, code: 'WEBHOOKS_TOO_MANY_SENDS' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    expect(receiver.requests).toHaveLength(sent);
    // The limit is the user's: another user's first test event goes out.
    const other = await newUser();
    const { endpoint: theirs } = await endpoint(other, ['credits.low']);
    expect((await api('POST', `/api/account/webhooks/${theirs.id}/test`, other)).statusCode).toBe(200);
  });

  it('replays a delivery: the same payload and webhook-id, as a new try; 404 for another user', async () => {
    const user = await newUser();
    const { secret } = await endpoint(user, ['credits.low']);
    const id = await recorded(user);
    await t.app.get(WebhookDispatcher).attempt(id, 'manual');
    const res = await api('POST', `/api/account/webhook-deliveries/${id}/replay`, user);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'delivered', attempts: [{ status: 200 }, { status: 200 }] });
    const [original, replayed] = seen(id);
    expect(replayed!.body).toBe(original!.body);
    expect(() => verify(secret, replayed!)).not.toThrow();
    const other = await newUser();
    const refused = await api('POST', `/api/account/webhook-deliveries/${id}/replay`, other);
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'WEBHOOKS_DELIVERY_NOT_FOUND']);
    expect(seen(id)).toHaveLength(2);
  });

  it('signs with the new and the old secret for 24 h after a rotation, then with the new one alone', async () => {
    const user = await newUser();
    const { endpoint: ep, secret: old } = await endpoint(user, ['credits.low']);
    const rotated = await api('POST', `/api/account/webhooks/${ep.id}/rotate-secret`, user);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data.secret as string;
    expect(fresh).not.toBe(old);
    const test = await api('POST', `/api/account/webhooks/${ep.id}/test`, user);
    expect(test.json().data).toMatchObject({ type: 'webhook.test', status: 'delivered' });
    const request = seen(test.json().data.id)[0]!;
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => verify(fresh, request)).not.toThrow();
    expect(() => verify(old, request)).not.toThrow();
    const id = await recorded(user);
    await t.app.get(WebhookDispatcher).attempt(id, 'manual', new Date(Date.now() + 24 * 3600_000 + 60_000));
    const later = seen(id)[0]!;
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    const listed = (await api('GET', '/api/account/webhooks', user)).json().data.items;
    expect(JSON.stringify(listed)).not.toContain(fresh.slice(10));
  });

  it('refuses private and local addresses at registration with a clear message, and stores nothing', async () => {
    const user = await newUser();
    for (const url of ['http://10.0.0.1/', 'http://localhost/hook', 'https://127.0.0.2/x', 'https://[::1]/']) {
      const res = await api('POST', '/api/account/webhooks', user, { url, events: ['credits.low'] });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'WEBHOOKS_PRIVATE_ADDRESS']);
      expect(res.json().message).toMatch(/private or local address/);
    }
    for (const url of ['ftp://example.com/', 'not a url', 'https://user:pw@127.0.0.1/']) {
      const res = await api('POST', '/api/account/webhooks', user, { url, events: ['credits.low'] });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'WEBHOOKS_INVALID_URL']);
    }
    const empty = await api('POST', '/api/account/webhooks', user, { url: receiver.url(), events: [] });
    expect(empty.statusCode).toBe(400);
    expect((await api('GET', '/api/account/webhooks', user)).json().data.items).toEqual([]);
  });

  it('refuses a private address again at delivery, and follows no redirect', async () => {
    const user = await newUser();
    const { endpoint: ep } = await endpoint(user, ['credits.low']);
    // As if the host had moved to a private address after registration.
    await t.app
      .get(DataSource)
      .query('UPDATE webhook_endpoints SET url = ? WHERE id = ?', [
        receiver.url().replace('127.0.0.1', 'localhost'),
        ep.id,
      ]);
    const id = await recorded(user);
    const after = await t.app.get(WebhookDispatcher).attempt(id, 'manual');
    expect(after!.attemptLog[0]!.error).toMatch(/^refused: localhost is a private address/);
    expect(seen(id)).toHaveLength(0);
    await t.app.get(DataSource).query('UPDATE webhook_endpoints SET url = ? WHERE id = ?', [receiver.url(), ep.id]);
    receiver.statuses = [302];
    receiver.location = receiver.url('/elsewhere');
    const moved = await t.app.get(WebhookDispatcher).attempt(id, 'manual');
    expect(moved!.attemptLog.at(-1)).toMatchObject({ status: 302 });
    expect(receiver.requests.map((r) => r.path)).toEqual(['/hook']);
  });

  it('turns off an endpoint failing for 3 days, says why, and a success or enabling clears it', async () => {
    const user = await newUser();
    const { endpoint: ep } = await endpoint(user, ['credits.low']);
    const dispatcher = t.app.get(WebhookDispatcher);
    receiver.statuses = [500];
    const start = new Date();
    await dispatcher.attempt(await recorded(user), 'manual', start);
    const listed = async () => (await api('GET', '/api/account/webhooks', user)).json().data.items[0];
    expect(await listed()).toMatchObject({ enabled: true, failing_since: start.toISOString() });
    await dispatcher.attempt(await recorded(user), 'manual', new Date(start.getTime() + DISABLE_AFTER_MS - 60_000));
    expect(await listed()).toMatchObject({ enabled: true });
    const waiting = await recorded(user);
    await dispatcher.attempt(await recorded(user), 'manual', new Date(start.getTime() + DISABLE_AFTER_MS + 60_000));
    const off = await listed();
    expect(off).toMatchObject({
      enabled: false,
      disabled_reason: expect.stringMatching(/failed for 3 days.*HTTP 500/),
    });
    // Its waiting delivery gave up, and no new event is recorded for it.
    expect((await deliveries(user, ep.id)).find((d) => d.id === waiting)).toMatchObject({ status: 'failed' });
    await t.app.get(WebhookEvents).emit(user.user.id, 'credits.low', { balance: 1, threshold: 40 });
    expect(await deliveries(user, ep.id)).toHaveLength(4);
    const on = await api('PATCH', `/api/account/webhooks/${ep.id}`, user, { enabled: true });
    expect(on.json().data).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    await dispatcher.attempt(await recorded(user), 'manual');
    expect(await listed()).toMatchObject({ failing_since: expect.any(String) });
    receiver.statuses = [200];
    await dispatcher.attempt(await recorded(user), 'manual');
    expect(await listed()).toMatchObject({ enabled: true, failing_since: null });
  });

  it("answers 404 for another user's endpoint and changes nothing", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { endpoint: ep } = await endpoint(owner, ['credits.low']);
    for (const [method, url, body] of [
      ['PATCH', `/api/account/webhooks/${ep.id}`, { enabled: false }],
      ['DELETE', `/api/account/webhooks/${ep.id}`],
      ['POST', `/api/account/webhooks/${ep.id}/rotate-secret`],
      ['POST', `/api/account/webhooks/${ep.id}/test`],
      ['GET', `/api/account/webhooks/${ep.id}/deliveries`],
    ] as const) {
      const res = await api(method, url, other, body);
      expect([method, url, res.statusCode, res.json().code]).toEqual([method, url, 404, 'WEBHOOKS_NOT_FOUND']);
    }
    expect(receiver.requests).toHaveLength(0);
    expect((await api('GET', '/api/account/webhooks', owner)).json().data.items).toEqual([
      expect.objectContaining({ id: ep.id, enabled: true }),
    ]);
  });

  it('updates, deletes, and holds at most 10 endpoints even when asked at once', async () => {
    const user = await newUser();
    const results = await Promise.all(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 3 }, (_, i) =>
        api('POST', '/api/account/webhooks', user, { url: receiver.url(`/n${i}`), events: ['credits.low'] }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('WEBHOOKS_TOO_MANY');
    const id = results.find((r) => r.statusCode === 201)!.json().data.endpoint.id as string;
    const changed = await api('PATCH', `/api/account/webhooks/${id}`, user, {
      url: receiver.url('/moved'),
      events: ['video.completed', 'video.failed'],
      description: 'production',
    });
    expect(changed.json().data).toMatchObject({ url: receiver.url('/moved'), description: 'production' });
    const badUrl = await api('PATCH', `/api/account/webhooks/${id}`, user, { url: 'http://10.1.2.3/' });
    expect(badUrl.statusCode).toBe(400);
    expect((await api('DELETE', `/api/account/webhooks/${id}`, user)).statusCode).toBe(200);
    expect((await api('GET', '/api/account/webhooks', user)).json().data.items).toHaveLength(MAX_WEBHOOK_ENDPOINTS - 1);
  });

  it('lists endpoints (without secrets) and deliveries in the data export, and forgets them with the account', async () => {
    const user = await newUser();
    const { secret } = await endpoint(user, ['credits.low']);
    await t.app.get(WebhookDispatcher).attempt(await recorded(user), 'manual');
    const sections = t.app.get(AccountExportSections).list(() => undefined);
    const exported = async (name: string) => sections.find((s) => s.name === name)!.page(user.user.id, 0, 10);
    const [endpointRow] = await exported('webhook_endpoints');
    expect(endpointRow).toMatchObject({ url: receiver.url(), events: ['credits.low'] });
    expect(JSON.stringify(endpointRow)).not.toMatch(/whsec_/);
    const [deliveryRow] = await exported('webhook_deliveries');
    expect(deliveryRow).toMatchObject({ status: 'delivered', payload: { type: 'credits.low' } });
    expect(JSON.stringify([endpointRow, deliveryRow])).not.toContain(secret.slice(6));
    const res = await api('POST', '/api/account/delete', user, { email: user.user.email });
    expect(res.statusCode).toBe(200);
    const db = t.app.get(DataSource);
    for (const table of ['webhook_endpoints', 'webhook_deliveries']) {
      const rows = await db.query(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`, [user.user.id]);
      expect([table, Number(rows[0].n)]).toEqual([table, 0]);
    }
  });
});
