import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import yauzl from 'yauzl';
import { AccountExportService } from '../src/account-export/account-export.service';
import { BlogPostEntity } from '../src/blog/blog-post.entity';
import { OBJECT_STORAGE, type ObjectStorage } from '../src/storage/object-storage';
import { VideoTaskEntity } from '../src/video/video-task.entity';
import { createApiKey } from './support/api-key';
import { startFakeS3, type FakeS3 } from './support/fake-s3';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds, type DatabaseKind } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

jest.setTimeout(120_000);

/** Every entry of a ZIP, by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, async (openError, stream) => {
          if (openError || !stream) return reject(openError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          entries.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

const SMALL = randomBytes(2_000);
const BIG = randomBytes(40_000);

function scenario(kind: DatabaseKind, storage: 'local' | 's3') {
  let t: TestApp;
  let s3: FakeS3 | undefined;
  let admin: SignedIn;
  let owner: SignedIn;
  let other: SignedIn;
  const ids = { task: randomUUID(), edit: randomUUID(), otherTask: randomUUID() };
  const db = () => t.app.get(DataSource);
  const objects = () => t.app.get<symbol, ObjectStorage>(OBJECT_STORAGE);
  const api = (method: 'GET' | 'POST', url: string, user?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: user?.auth, payload });
  const rowIds = async (sql: string, param: string): Promise<string[]> =>
    ((await db().query(sql, [param])) as { id: string | number }[]).map((r) => String(r.id)).sort();

  /** A finished task with its video (over the limit) and first frame (under it); `edit` is its new version with a reference image. */
  async function tasksOf(user: SignedIn, taskId: string, prompt: string, editId?: string) {
    const tasks = db().getRepository(VideoTaskEntity);
    await tasks.insert({
      ...{ id: taskId, userId: user.user.id, model: 'omni', prompt, status: 'completed', cost: 40, provider: 'local' },
      resultPath: `${taskId}.mp4`,
      imagePath: `${taskId}.png`,
      imageMime: 'image/png',
      // Made from an effect: what the user gave and agreed to is theirs to see.
      effectId: 'effect-1',
      providerPrompt: `A warm hug, ${prompt}`,
      effectInputs: JSON.stringify({
        effect: { slug: 'ai-hug', name: { en: 'AI Hug', 'zh-CN': 'AI 拥抱' } },
        texts: { text_1: 'Anna' },
        photos: ['photo_1'],
      }),
      peopleConsentAt: CONSENT_AT,
    });
    await objects().put(`videos/${taskId}.mp4`, BIG);
    await objects().put(`uploads/${taskId}.png`, SMALL);
    if (!editId) return;
    await tasks.insert({
      ...{ id: editId, userId: user.user.id, model: 'omni', prompt, status: 'completed', cost: 40, provider: 'local' },
      kind: 'edit',
      parentTaskId: taskId,
      rootTaskId: taskId,
      instruction: 'make it snow',
      referenceImages: JSON.stringify([{ path: `${editId}-ref0.png`, mime: 'image/png' }]),
    });
    await objects().put(`uploads/${editId}-ref0.png`, SMALL);
  }

  async function blogPost(user: SignedIn, slug: string) {
    await db()
      .getRepository(BlogPostEntity)
      .insert({
        slug,
        title: `Post ${slug}`,
        content: '<p>Hi</p>',
        authorId: user.user.id,
        status: 'draft',
        tags: '[]',
      });
  }

  async function buy(user: SignedIn, body: object) {
    const res = await api('POST', '/api/stripe/create-payment-intent', user, body);
    expect(res.statusCode).toBe(200);
    const done = await api('POST', `/api/stripe/simulated/${res.json().session_id}/complete`, user);
    expect(done.statusCode).toBe(200);
  }

  async function waitReady(user: SignedIn): Promise<{ progress: number[]; job: Record<string, any> }> {
    const progress: number[] = [];
    for (let i = 0; i < 600; i++) {
      const job = (await api('GET', '/api/account/export', user)).json().data;
      progress.push(job.progress);
      if (job.status !== 'building') return { progress, job };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('export never finished');
  }

  /** The archive's bytes through its signed link: sent by the API, or from the bucket it redirects to. */
  async function download(url: string, user?: SignedIn): Promise<{ status: number; body: Buffer; json?: any }> {
    const res = await t.app.inject({ method: 'GET', url, headers: user?.auth });
    if (res.statusCode === 302) {
      const bucket = await fetch(res.headers.location as string);
      return { status: bucket.status, body: Buffer.from(await bucket.arrayBuffer()) };
    }
    return { status: res.statusCode, body: res.rawPayload, json: res.statusCode >= 400 ? res.json() : undefined };
  }

  let job: Record<string, any>;
  let progress: number[];
  let entries: Map<string, Buffer>;
  let apiKey: { id: string; secret: string };

  beforeAll(async () => {
    if (storage === 's3') s3 = await startFakeS3();
    t = await createTestApp(kind, {
      ADMIN_EMAILS: 'admin@example.com',
      SIGNIN_RATE_LIMIT: '1000',
      EXPORT_INLINE_MAX_MB: '0.02',
      ...s3?.env,
    });
    admin = await devSignIn(t.app, 'admin@example.com');
    owner = await devSignIn(t.app, 'owner-export@example.com', 'Olive Owner');
    other = await devSignIn(t.app, 'someone-else@example.org', 'Otto Other');
    for (const user of [owner, other]) {
      const adjusted = await api('POST', `/api/admin/users/${user.user.id}/credits`, admin, {
        amount: 100,
        reason: 'goodwill',
      });
      expect(adjusted.statusCode).toBe(200);
    }
    await buy(owner, { type: 'credits', package_id: 'starter' });
    await buy(owner, { type: 'subscription', plan_id: 'lite', billing_cycle: 'monthly' });
    await buy(other, { type: 'credits', package_id: 'starter' });
    await tasksOf(owner, ids.task, 'a lighthouse at dawn', ids.edit);
    await tasksOf(other, ids.otherTask, 'zebra-only-prompt of the other user');
    await blogPost(owner, `owner-post-${kind}`);
    await blogPost(other, `other-post-${kind}`);
    apiKey = await createApiKey(t.app, owner, ['videos:read']);

    const started = await api('POST', '/api/account/export', owner);
    expect(started.statusCode).toBe(202);
    expect(started.json().data).toMatchObject({ status: 'building', download_url: null });
    ({ progress, job } = await waitReady(owner));
    const archive = await download(job.download_url);
    expect(archive.status).toBe(200);
    entries = await unzip(archive.body);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('builds in the background with progress rising to 100, then offers a signed download', () => {
    expect(job).toMatchObject({ status: 'ready', progress: 100 });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(job.download_url).toMatch(/^\/api\/account\/export\/[\w-]+\/download\?exp=\d+&sig=/);
    expect(job.next_allowed_at).not.toBeNull();
    expect(new Date(job.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
  });

  it("holds every row of the user's, and their small files inside the archive", async () => {
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    const uid = owner.user.id;
    expect(data.profile).toMatchObject({ id: uid, email: 'owner-export@example.com', name: 'Olive Owner' });
    expect(data.profile.roles).toEqual({ admin: false, blog_manager: false });
    const idsOf = (rows: { id: string | number }[]) => rows.map((r) => String(r.id)).sort();
    expect(idsOf(data.credit_ledger)).toEqual(
      await rowIds('SELECT id FROM credit_transactions WHERE user_id = ?', uid),
    );
    expect(data.credit_ledger).toHaveLength(3);
    expect(idsOf(data.payments)).toEqual(await rowIds('SELECT id FROM payments WHERE user_id = ?', uid));
    expect(data.payments).toHaveLength(2);
    expect(idsOf(data.subscriptions)).toEqual(await rowIds('SELECT id FROM subscriptions WHERE user_id = ?', uid));
    expect(data.subscriptions).toHaveLength(1);
    expect(idsOf(data.checkout_sessions)).toEqual(
      await rowIds('SELECT id FROM checkout_sessions WHERE user_id = ?', uid),
    );
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.sessions)).not.toContain(owner.token);
    expect(idsOf(data.video_tasks)).toEqual([ids.task, ids.edit].sort());
    const edit = data.video_tasks.find((task: { id: string }) => task.id === ids.edit);
    expect(edit).toMatchObject({
      kind: 'edit',
      parent_task_id: ids.task,
      root_task_id: ids.task,
      prompt: 'a lighthouse at dawn',
    });
    expect(edit).not.toHaveProperty('callback_token');
    expect(edit.effect).toBeNull();
    expect(data.video_tasks.find((task: { id: string }) => task.id === ids.task).effect).toEqual({
      slug: 'ai-hug',
      texts: { text_1: 'Anna' },
      photos: ['photo_1'],
      people_consent_at: CONSENT_AT.toISOString(),
      provider_prompt: 'A warm hug, a lighthouse at dawn',
    });
    expect(data.blog_posts.map((p: { slug: string }) => p.slug)).toEqual([`owner-post-${kind}`]);
    expect(data.audit_log).toHaveLength(1);
    expect(data.audit_log[0]).toMatchObject({ action: 'credits.adjust', actor_type: 'admin', reason: 'goodwill' });
    expect(data.api_keys).toEqual([
      expect.objectContaining({ id: apiKey.id, prefix: apiKey.secret.slice(0, 12), scopes: 'videos:read' }),
    ]);
    expect(data.api_keys[0]).not.toHaveProperty('keyHash');
    expect(entries.get('data.json')!.toString('utf8')).not.toContain(apiKey.secret.slice(12));
    expect(entries.get(`files/uploads/${ids.task}.png`)!.equals(SMALL)).toBe(true);
    expect(entries.get(`files/uploads/${ids.edit}-ref0.png`)!.equals(SMALL)).toBe(true);
  });

  it("holds nothing of another user's", () => {
    const text = [...entries.values()].map((b) => b.toString('latin1')).join('\n');
    for (const secret of [
      other.user.email,
      other.user.id,
      'zebra-only-prompt',
      ids.otherTask,
      `other-post-${kind}`,
      'admin@example.com',
    ])
      expect(text).not.toContain(secret);
  });

  it('lists files over the limit with signed links that work, and stop working once expired', async () => {
    const files = JSON.parse(entries.get('files.json')!.toString('utf8')).files as { key: string; url?: string }[];
    const video = files.find((f) => f.key === `videos/${ids.task}.mp4`)!;
    expect(entries.has(`files/videos/${ids.task}.mp4`)).toBe(false);
    expect(video.url).toMatch(/^http:\/\/localhost:3000\/api\/video\/file\//);
    const path = video.url!.replace('http://localhost:3000', '');
    const fetched = await download(path);
    expect(fetched.status).toBe(200);
    expect(fetched.body.equals(BIG)).toBe(true);
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 7 * 3600_000);
    try {
      expect((await t.app.inject({ method: 'GET', url: path })).json().code).toBe('VIDEO_LINK_EXPIRED');
    } finally {
      later.mockRestore();
    }
  });

  it('refuses a second export within the limit with the time it becomes possible, changing nothing', async () => {
    const before = await db().query('SELECT id FROM account_exports');
    const again = await api('POST', '/api/account/export', owner);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('ACCOUNT_EXPORT_TOO_SOON');
    expect(again.json().message).toContain(job.next_allowed_at);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await db().query('SELECT id FROM account_exports')).toEqual(before);
  });

  it('gives another user a 404 for the archive, a visitor a 401, and an expired link a 410', async () => {
    const plain = `/api/account/export/${job.id}/download`;
    expect((await download(plain, other)).status).toBe(404);
    expect((await download(plain)).status).toBe(401);
    expect((await api('POST', '/api/account/export')).statusCode).toBe(401);
    expect((await api('GET', '/api/account/export')).statusCode).toBe(401);
    expect((await api('GET', '/api/account/export', other)).json().data).toBeNull();
    expect((await download(plain, owner)).status).toBe(200);
    const tampered = job.download_url.replace(/sig=.*/, 'sig=forged');
    expect((await download(tampered, other)).status).toBe(404);
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 16 * 60_000);
    try {
      const expired = await download(job.download_url);
      expect(expired.status).toBe(410);
      expect(expired.json.code).toBe('ACCOUNT_EXPORT_LINK_EXPIRED');
    } finally {
      later.mockRestore();
    }
  });

  it('deletes the archive once it expires (the sweep), and forgets the user on request', async () => {
    const service = t.app.get(AccountExportService);
    const key = `exports/${job.id}.zip`;
    expect(await objects().exists(key)).toBe(true);
    await service.sweep(new Date(Date.now() + 8 * 24 * 3600_000));
    expect(await objects().exists(key)).toBe(false);
    // Past the archive's life and the limit's window, nothing of the export is left.
    expect((await api('GET', '/api/account/export', owner)).json().data).toBeNull();
    await service.forgetUser(owner.user.id);
    expect(await db().query('SELECT id FROM account_exports WHERE user_id = ?', [owner.user.id])).toEqual([]);
  });

  it('fails a build whose process died, which then does not count against the limit', async () => {
    const dead = randomUUID();
    const hourAgo = new Date(Date.now() - 3600_000).toISOString().replace('T', ' ').replace('Z', '');
    await db().query(
      'INSERT INTO account_exports (id, user_id, status, progress, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      [dead, other.user.id, 'building', 40, hourAgo, hourAgo],
    );
    await t.app.get(AccountExportService).sweep();
    expect((await api('GET', '/api/account/export', other)).json().data).toMatchObject({ id: dead, status: 'failed' });
    expect((await api('POST', '/api/account/export', other)).statusCode).toBe(202);
    const { job: theirs } = await waitReady(other);
    const text = [...(await unzip((await download(theirs.download_url)).body)).values()].join('\n');
    expect(text).toContain(other.user.email);
    expect(text).not.toContain(owner.user.email);
  });
}

/** When the owner consented to the people in an effect's photos. */
const CONSENT_AT = new Date('2026-11-01T10:00:00.000Z');
describe.each(databaseKinds())('account export on %s, local disk', (kind) => {
  scenario(kind, 'local');
});
describe('account export on sqlite, S3', () => {
  scenario('sqlite', 's3');
});
