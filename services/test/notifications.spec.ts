import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AccountExportSections } from '../src/account-export/account-export.sections';
import { NotificationSettingsRepository } from '../src/notifications/notification-settings.repository';
import { PushSubscriptionRepository } from '../src/notifications/push-subscription.repository';
import { RedisUserPresence } from '../src/events/redis.user-presence';
import { VideoProviders } from '../src/video/providers/video-providers';
import { EventStreamClient } from './support/event-stream-client';
import { MailCatcher, type CaughtMail } from './support/mail-catcher';
import { BrowserPushKeys, PushService, verifiedVapidClaims } from './support/push-service';
import { ScriptedProvider } from './support/scripted-provider';
import { devSignIn, type SignedIn } from './support/sign-in';
import { createTestApp, type TestApp } from './support/test-app';
import { databaseKinds, type DatabaseKind } from './support/test-database';
import { dropRedisPrefix, testRedisPrefix } from './support/test-redis';
import { videoClient } from './support/video-client';

jest.setTimeout(120_000);

const redisUrl = process.env.TEST_REDIS_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Long enough for a finished video's notification jobs to have run, had there been any. */
const SETTLE_MS = 1_500;

type Falsy = false | null | undefined | 0;

async function until<T>(check: () => T | Falsy | Promise<T | Falsy>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.getHttpServer().address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

/** The unsubscribe token of a "ready" e-mail's List-Unsubscribe header. */
const UNSUBSCRIBE_HEADER =
  /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=([A-Za-z0-9_-]{43})>, <mailto:support@veo3\.studio\?subject=unsubscribe>$/;

function unsubscribeToken(mail: CaughtMail): string {
  const match = UNSUBSCRIBE_HEADER.exec(mail.headers['list-unsubscribe'] ?? '');
  if (!match) throw new Error(`no List-Unsubscribe link: ${mail.headers['list-unsubscribe']}`);
  return match[1]!;
}

interface Setup {
  name: string;
  kind: DatabaseKind;
  redis: boolean;
}

/** Each database; and with TEST_REDIS_URL, BullMQ jobs and presence kept in Redis too. */
const SETUPS: Setup[] = [
  ...databaseKinds().map((kind) => ({ name: kind, kind, redis: false })),
  ...(redisUrl
    ? [{ name: 'sqlite with Redis (BullMQ, presence in Redis)', kind: 'sqlite' as const, redis: true }]
    : []),
];

describe.each(SETUPS)('"ready" notifications on $name', ({ kind, redis }) => {
  let t: TestApp;
  let base: string;
  let video: ReturnType<typeof videoClient>;
  let smtp: MailCatcher;
  let push: PushService;
  const prefix = testRedisPrefix('notify');
  let users = 0;
  const streams: EventStreamClient[] = [];

  beforeAll(async () => {
    [smtp, push] = await Promise.all([new MailCatcher().start(), new PushService().start()]);
    t = await createTestApp(
      kind,
      {
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        GENERATE_RATE_LIMIT: '1000',
        VIDEO_POLL_INTERVAL_MS: '20',
        VIDEO_MAX_ACTIVE_PER_USER: '10',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Veo 3 Studio <no-reply@veo3.example>',
        PUSH_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        ...(redis ? { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix } : {}),
      },
      [{ provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider(4)]) }],
    );
    base = await listen(t);
    video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
    await Promise.all([smtp?.close(), push?.close()]);
    if (redis) await dropRedisPrefix(redisUrl!, prefix);
  });

  const newUser = () => video.userWith(`notify-${kind}-${redis ? 'r' : 'p'}-${++users}@example.com`, 400);
  const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: user.auth, payload });
  const settings = async (user: SignedIn, endpoint?: string) => {
    const query = endpoint ? `?endpoint=${encodeURIComponent(endpoint)}` : '';
    const res = await api('GET', `/api/notifications/settings${query}`, user);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const emailOn = async (user: SignedIn, language?: 'en' | 'zh-CN') => {
    const res = await api('PUT', '/api/notifications/settings', user, { email_ready: 'on', language });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  /** A finished video of `user`; `poster` puts a still where the worker looks for the one ffmpeg cuts. */
  async function makeVideo(user: SignedIn, prompt: string, poster = false): Promise<string> {
    const res = await video.generate({ prompt, model: 'veo3' }, user);
    expect(res.statusCode).toBe(200);
    const taskId = res.json().data.taskId as string;
    if (poster) {
      await mkdir(join(t.config.dataDir, 'videos'), { recursive: true });
      await writeFile(join(t.config.dataDir, 'videos', `${taskId}.jpg`), Buffer.from('a jpeg still'));
    }
    await video.waitFor(user, taskId, prompt.includes('[fail]') ? ['failed'] : ['completed']);
    return taskId;
  }

  async function subscribeBrowser(user: SignedIn, path: string) {
    const keys = new BrowserPushKeys();
    const endpoint = `${push.origin}${path}`;
    const res = await api('POST', '/api/notifications/push-subscriptions', user, { endpoint, keys: keys.keys });
    expect([res.statusCode, res.json().data]).toEqual([201, { this_browser: true, browsers: 1 }]);
    return { keys, endpoint };
  }

  it('e-mails the first video of a user who never chose, with the History link, the poster and the unsubscribe headers; later videos once they turn e-mails on', async () => {
    const user = await newUser();
    expect(await settings(user)).toEqual({
      email_ready: 'default',
      first_video_email_sent: false,
      email_available: true,
      push: {
        available: true,
        vapid_public_key: expect.stringMatching(/^[\w-]{87}$/),
        this_browser: false,
        browsers: 0,
      },
    });
    const taskId = await makeVideo(user, 'a fox in the snow', true);
    const [mail] = await until(() => smtp.to(user.user.email).length && smtp.to(user.user.email), 'the e-mail');
    expect(mail!.subject).toBe('Your video is ready');
    expect(mail!.headers.from).toBe('Veo 3 Studio <no-reply@veo3.example>');
    expect(mail!.text).toContain('Your video “a fox in the snow” is ready.');
    expect(mail!.text).toContain('Watch it in your History: http://localhost:3000/video-history');
    // Never chosen: this first one says how to keep getting them.
    expect(mail!.text).toContain('on your account page: http://localhost:3000/account#notifications');
    // RFC 8058 one-click unsubscribe; the token names nobody.
    const token = unsubscribeToken(mail!);
    expect(token).not.toContain(user.user.id);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain(`Unsubscribe: http://localhost:3000/api/notifications/unsubscribe?token=${token}`);
    const poster = mail!.leaves.find((leaf) => leaf.headers['content-type']?.startsWith('image/jpeg'));
    expect(poster?.headers['content-id']).toBe(`<poster-${taskId}@veo3>`);
    expect(poster?.body.toString()).toBe('a jpeg still');
    expect(mail!.html).toContain(`src="cid:poster-${taskId}@veo3"`);
    expect(await settings(user)).toMatchObject({ email_ready: 'default', first_video_email_sent: true });

    await makeVideo(user, 'a second video');
    await sleep(SETTLE_MS);
    expect(smtp.to(user.user.email)).toHaveLength(1);

    expect(await emailOn(user, 'zh-CN')).toEqual({
      email_ready: 'on',
      first_video_email_sent: true,
      email_available: true,
    });
    await makeVideo(user, 'a third video');
    const third = await until(() => smtp.to(user.user.email)[1], 'the third video’s e-mail');
    expect(third.subject).toBe('你的视频已生成');
    expect(third.text).toContain('你的视频“a third video”已生成。');
    expect(third.text).not.toContain('/account#notifications');
  });

  it('one-click unsubscribe (RFC 8058) stops the next e-mail; the link’s page only asks, and a link we never gave says so', async () => {
    const user = await newUser();
    await emailOn(user);
    await makeVideo(user, 'a lighthouse');
    const token = unsubscribeToken(await until(() => smtp.to(user.user.email)[0], 'the e-mail'));
    const url = `/api/notifications/unsubscribe?token=${token}`;

    const page = await t.app.inject({ method: 'GET', url });
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.body).toContain(`<form method="post" action="${url}">`);
    expect(page.body).toContain('退订');
    expect((await settings(user)).email_ready).toBe('on');

    const done = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(done.body).toContain('你已退订');
    expect((await settings(user)).email_ready).toBe('off');

    await makeVideo(user, 'after unsubscribing');
    await sleep(SETTLE_MS);
    expect(smtp.to(user.user.email)).toHaveLength(1);

    for (const method of ['GET', 'POST'] as const) {
      const unknown = await t.app.inject({ method, url: '/api/notifications/unsubscribe?token=not-a-token' });
      expect([unknown.statusCode, unknown.body.includes('This link is not valid')]).toEqual([404, true]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/unsubscribe' })).statusCode).toBe(404);
  });

  it('a user watching (an open events stream) gets no e-mail and no push; once they leave, the next video reaches them', async () => {
    const user = await newUser();
    await emailOn(user);
    const { keys } = await subscribeBrowser(user, `/push/watching-${kind}-${redis}`);
    const stream = await EventStreamClient.open(base, user.auth);
    streams.push(stream);
    await stream.waitFor((m) => m.event === 'ready');

    const watched = await makeVideo(user, 'made while watching');
    await stream.waitFor((m) => m.event === 'completed' && m.data!.includes(watched));
    await sleep(SETTLE_MS);
    expect(smtp.to(user.user.email)).toEqual([]);
    expect(push.to(`/push/watching-${kind}-${redis}`)).toEqual([]);

    stream.close();
    await until(() => stream.isEnded, 'the stream to end');
    await sleep(200);
    await makeVideo(user, 'made after leaving');
    await until(() => smtp.to(user.user.email)[0], 'the e-mail after leaving');
    const message = await until(() => push.to(`/push/watching-${kind}-${redis}`)[0], 'the push');
    expect(JSON.parse(keys.decrypt(message.body))).toMatchObject({ title: 'Your video is ready' });
  });

  it('a failed video’s e-mail says its credits were refunded, and the task is refunded as ever', async () => {
    const user = await newUser();
    await emailOn(user);
    await makeVideo(user, '[fail] a storm at sea');
    const mail = await until(() => smtp.to(user.user.email)[0], 'the e-mail');
    expect(mail.subject).toBe('Your video could not be made');
    expect(mail.text).toContain(
      'We could not make your video “[fail] a storm at sea”. The 40 credits it cost have been refunded to your balance.',
    );
    expect(mail.text).toContain('See it in your History: http://localhost:3000/video-history');
    expect(mail.leaves.some((leaf) => leaf.headers['content-type']?.startsWith('image/'))).toBe(false);
    expect(await video.balance(user)).toBe(400);
  });

  it('SMTP down: the e-mail is tried again until the server takes it, once, and the video completed regardless', async () => {
    const user = await newUser();
    await emailOn(user);
    smtp.refuse = 1;
    const taskId = await makeVideo(user, 'while the mail server struggles');
    expect((await video.status(user, taskId)).json().data.status).toBe('completed');
    const mail = await until(() => smtp.to(user.user.email)[0], 'the retried e-mail', 20_000);
    expect(smtp.refused).toBeGreaterThanOrEqual(1);
    expect(mail.subject).toBe('Your video is ready');
    await sleep(SETTLE_MS);
    expect(smtp.to(user.user.email)).toHaveLength(1);
  });

  it('pushes to a subscribed browser, encrypted (aes128gcm) for its keys and signed with the site’s VAPID key; a 410 deletes the subscription', async () => {
    const user = await newUser();
    const path = `/push/browser-${kind}-${redis}`;
    const { keys, endpoint } = await subscribeBrowser(user, path);
    const { push: pushSettings } = await settings(user, endpoint);
    expect(pushSettings).toMatchObject({ this_browser: true, browsers: 1 });
    expect((await settings(user, `${push.origin}/push/elsewhere`)).push.this_browser).toBe(false);

    const taskId = await makeVideo(user, 'a lighthouse at dawn', true);
    const request = await until(() => push.to(path)[0], 'the push');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const { key, claims } = verifiedVapidClaims(request.headers.authorization);
    expect(key).toBe(pushSettings.vapid_public_key);
    expect(claims).toMatchObject({ aud: push.origin, sub: 'mailto:support@veo3.studio' });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(JSON.parse(keys.decrypt(request.body))).toEqual({
      title: 'Your video is ready',
      body: 'a lighthouse at dawn',
      icon: expect.stringMatching(new RegExp(`^http://localhost:3000/api/video/poster/${taskId}\\?exp=\\d+&sig=`)),
      url: '/video-history',
      tag: `video-${taskId}`,
    });
    const subscriptions = t.app.get(PushSubscriptionRepository);
    const [id] = await subscriptions.idsOf(user.user.id);
    await until(async () => (await subscriptions.findById(id!))?.lastSuccessAt, 'the success to be kept');

    // The browser unsubscribed at its push service: the next message is refused for good.
    push.status = 410;
    try {
      await makeVideo(user, '[fail] a second try');
      await until(async () => (await settings(user)).push.browsers === 0, 'the subscription to go');
      expect(push.to(path)).toHaveLength(2);
    } finally {
      push.status = 201;
    }
  });

  it('refuses an endpoint that is not https, and forgets this browser on DELETE', async () => {
    const user = await newUser();
    const keys = new BrowserPushKeys().keys;
    const refused = await api('POST', '/api/notifications/push-subscriptions', user, {
      endpoint: 'http://push.example/x',
      keys,
    });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'NOTIFICATIONS_INVALID_ENDPOINT']);
    const badKeys = await api('POST', '/api/notifications/push-subscriptions', user, {
      endpoint: 'https://push.example/x',
      keys: { p256dh: 'short', auth: keys.auth },
    });
    expect(badKeys.statusCode).toBe(400);
    const { endpoint } = await subscribeBrowser(user, '/push/to-forget');
    // Another account's DELETE leaves it alone.
    const other = await newUser();
    await api('DELETE', '/api/notifications/push-subscriptions', other, { endpoint });
    expect((await settings(user, endpoint)).push.this_browser).toBe(true);
    const gone = await api('DELETE', '/api/notifications/push-subscriptions', user, { endpoint });
    expect([gone.statusCode, gone.json().data]).toEqual([200, { this_browser: false, browsers: 0 }]);
  });
});

describe.each(databaseKinds())('the local outbox (no SMTP_URL) on %s', (kind) => {
  let t: TestApp;
  let video: ReturnType<typeof videoClient>;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: 'admin@example.com', VIDEO_POLL_INTERVAL_MS: '20' }, [
      { provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider(1)]) },
    ]);
    video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the e-mail as an .eml the dev outbox page lists; the data export holds the settings and messages, and account deletion erases them', async () => {
    const user = await video.userWith(`outbox-${kind}@example.com`, 100);
    const res = await video.generate({ prompt: 'a quiet harbour', model: 'veo3' }, user);
    await video.waitFor(user, res.json().data.taskId, ['completed']);
    const folder = join(t.config.dataDir, 'outbox', user.user.id);
    await until(() => existsSync(folder), 'the outbox folder');

    const page = await until(async () => {
      const reply = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      return reply.body.includes('Your video is ready') && reply;
    }, 'the outbox page');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(`To ${user.user.email}`);
    const id = /href="\/api\/dev\/outbox\/([\w-]+)"/.exec(page.body)![1]!;
    const eml = await t.app.inject({ method: 'GET', url: `/api/dev/outbox/${id}` });
    expect([eml.statusCode, eml.headers['content-type']]).toEqual([200, 'message/rfc822']);
    expect(eml.body).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox/..%2Fveo3' })).statusCode).toBe(404);

    const keys = new BrowserPushKeys().keys;
    // Not a private host this site allows: subscribing works, sending would be refused.
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/push-subscriptions',
      headers: { ...user.auth, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' },
      payload: { endpoint: 'https://push.example/subscription', keys },
    });
    const sections = t.app.get(AccountExportSections).list(() => undefined);
    const section = async (name: string) => sections.find((s) => s.name === name)!.page(user.user.id, 0, 100);
    expect(await section('notification_settings')).toEqual([
      expect.objectContaining({ email_ready: 'default', first_ready_task_id: res.json().data.taskId }),
    ]);
    expect(await section('push_subscriptions')).toEqual([
      expect.objectContaining({ endpoint: 'https://push.example/subscription', browser: 'Chrome on Linux' }),
    ]);
    expect(JSON.stringify(await section('push_subscriptions'))).not.toContain(keys.auth);
    expect(await section('email_outbox')).toEqual([
      expect.objectContaining({ to: user.user.email, subject: 'Your video is ready' }),
    ]);

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: user.auth,
      payload: { email: user.user.email },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.get(NotificationSettingsRepository).find(user.user.id)).toBeNull();
    expect(await t.app.get(PushSubscriptionRepository).countOf(user.user.id)).toBe(0);
    expect(existsSync(folder)).toBe(false);
  });

  it('is refused where development sign-in is off', async () => {
    const closed = await createTestApp(kind, { DEV_LOGIN: 'false' });
    try {
      for (const url of ['/api/dev/outbox', '/api/dev/outbox/20260101T000000000Z-abcd1234'])
        expect((await closed.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });
});

(redisUrl ? describe : describe.skip)('presence across processes (Redis)', () => {
  const prefix = testRedisPrefix('presence');
  afterAll(() => dropRedisPrefix(redisUrl!, prefix));

  it('a stream held by one process makes the user watching for another, until its last stream closes', async () => {
    const api = new RedisUserPresence(redisUrl!, prefix);
    const worker = new RedisUserPresence(redisUrl!, prefix);
    try {
      expect(await worker.isWatching('user-1')).toBe(false);
      api.enter('user-1');
      api.enter('user-1');
      await until(() => worker.isWatching('user-1'), 'the mark');
      api.leave('user-1');
      await sleep(100);
      expect(await worker.isWatching('user-1')).toBe(true);
      api.leave('user-1');
      await until(async () => !(await worker.isWatching('user-1')), 'the last stream to count');
      // A process shutting down takes its marks with it.
      api.enter('user-2');
      await until(() => worker.isWatching('user-2'), 'the second mark');
      await api.close();
      expect(await worker.isWatching('user-2')).toBe(false);
    } finally {
      await api.close();
      await worker.close();
    }
  });
});
