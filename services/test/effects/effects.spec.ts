import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { EFFECT_CATEGORIES } from '@veo3/contracts/effects';
import { runFfmpeg } from '../../src/video/ffmpeg.runner';
import { VideoProviders } from '../../src/video/providers/video-providers';
import { multipart } from '../support/multipart';
import { ScriptedProvider } from '../support/scripted-provider';
import { devSignIn, type SignedIn } from '../support/sign-in';
import { databaseKinds } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';
import { videoClient, type Upload } from '../support/video-client';

jest.setTimeout(120_000);

const ADMIN = 'effects-admin@example.com';

describe.each(databaseKinds())('effect templates on %s', (kind) => {
  let t: TestApp;
  let tempDir: string;
  let admin: SignedIn;
  let provider: ScriptedProvider;
  let video: ReturnType<typeof videoClient>;
  let photo: Upload;

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'veo3-effects-'));
    provider = new ScriptedProvider(1);
    t = await createTestApp(
      kind,
      { TEMP_DIR: tempDir, ADMIN_EMAILS: ADMIN, SIGNIN_RATE_LIMIT: '1000', GENERATE_RATE_LIMIT: '1000' },
      [{ provide: VideoProviders, useValue: new VideoProviders([provider]) }],
    );
    admin = await devSignIn(t.app, ADMIN);
    video = videoClient(t, admin);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    photo = { data: png, filename: 'face.png', type: 'image/png' };
  });
  afterAll(async () => {
    await t?.close();
    rmSync(tempDir, { recursive: true, force: true });
  });

  const query = (sql: string, params: unknown[] = []) => t.app.get(DataSource).query(sql, params);
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, user?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: user?.auth, payload });

  let slugs = 0;
  /** A two-photo effect of people, on the scripted provider's Omni, as the console drafts it. */
  const draft = (over: object = {}) => ({
    slug: `test-hug-${kind}-${++slugs}`,
    category: 'interaction',
    badge: null,
    name: { en: 'Test Hug', 'zh-CN': '测试拥抱' },
    description: { en: 'Two people hug.', 'zh-CN': '两个人拥抱。' },
    inputs: [
      { key: 'photo_1', kind: 'photo', label: { en: 'First person', 'zh-CN': '第一个人' }, required: true },
      { key: 'photo_2', kind: 'photo', label: { en: 'Second person', 'zh-CN': '第二个人' }, required: true },
      { key: 'text_1', kind: 'text', label: { en: 'How', 'zh-CN': '怎样' }, required: false, max_length: 20 },
    ],
    faq: [],
    people: true,
    prompt_template: 'Two people {{text_1}} hug warmly in the rain',
    price: 30,
    settings: { model: 'omni', aspect_ratio: '16:9', resolution: '720p', duration_s: 4 },
    reason: 'New effect for the launch',
    ...over,
  });

  async function published(over: object = {}) {
    const created = await api('POST', '/api/admin/effects', admin, draft(over));
    expect(created.statusCode).toBe(201);
    const { id, slug } = created.json().data as { id: string; slug: string };
    const res = await api('POST', `/api/admin/effects/${id}/publish`, admin, { reason: 'Ready' });
    expect(res.statusCode).toBe(200);
    return { id, slug };
  }

  function generate(slug: string, fields: Record<string, string>, user?: SignedIn, files = {}, key?: string) {
    const { payload, headers } = multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/effects/${slug}/generate`,
      payload,
      headers: { ...headers, ...(user?.auth ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
    });
  }

  const taskCount = async (user: SignedIn) =>
    Number((await query('SELECT COUNT(*) AS n FROM video_tasks WHERE user_id = ?', [user.user.id]))[0].n);

  it('lists the seeded effects in every category, never with their templates', async () => {
    const res = await api('GET', '/api/effects');
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { slug: string; category: string; price: number }[];
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(items.map((item) => item.slug)).toEqual(expect.arrayContaining(['ai-french-kissing', 'asmr-video']));
    expect(new Set(items.map((item) => item.category))).toEqual(new Set(EFFECT_CATEGORIES));
    expect(res.body).not.toMatch(/prompt_template|\{\{text_1\}\}/);
    for (const item of items) expect(item.price).toBeGreaterThan(0);

    const kiss = (await api('GET', '/api/effects/ai-french-kissing')).json().data;
    expect(kiss.people).toBe(true);
    expect(kiss.inputs.map((input: { key: string }) => input.key)).toEqual(['photo_1', 'photo_2']);
    // The bundled seed sample (services/assets/effects), served by Nest, not the site's pages.
    expect(kiss.sample_url).toMatch(/^\/effects\/ai-french-kissing\/sample\.mp4\?v=/);
    const sample = await t.app.inject({ method: 'GET', url: kiss.sample_url });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toBe('video/mp4');
    expect((await t.app.inject({ method: 'GET', url: kiss.poster_url })).headers['content-type']).toBe('image/jpeg');
    const missing = await api('GET', '/api/effects/no-such-effect');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('EFFECTS_NOT_FOUND');
  });

  it('refuses templates, prices, models and slugs that cannot work, with clear messages', async () => {
    const undeclared = await api(
      'POST',
      '/api/admin/effects',
      admin,
      draft({ prompt_template: 'A {{text_2}} hug, warmly' }),
    );
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json()).toMatchObject({
      code: 'EFFECTS_INVALID_EFFECT',
      message: expect.stringMatching(/\{\{text_2\}\}/),
    });

    const free = await api('POST', '/api/admin/effects', admin, draft({ price: 0 }));
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toMatch(/price/);

    const unknownModel = await api(
      'POST',
      '/api/admin/effects',
      admin,
      draft({ settings: { model: 'no-such-model', aspect_ratio: '16:9', resolution: '720p', duration_s: 4 } }),
    );
    expect(unknownModel.statusCode).toBe(400);
    expect(unknownModel.json().message).toBe('The model no-such-model is not in the catalogue.');

    const first = await api('POST', '/api/admin/effects', admin, draft({ slug: `taken-${kind}` }));
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ published: false, prompt_template: expect.any(String) });
    const second = await api('POST', '/api/admin/effects', admin, draft({ slug: `taken-${kind}` }));
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('EFFECTS_SLUG_TAKEN');
    const user = await devSignIn(t.app, `visitor-${kind}@example.com`);
    expect((await api('GET', '/api/admin/effects', user)).statusCode).toBe(403);
  });

  it('publishes and unpublishes from the console at once, each change audited with its reason', async () => {
    const created = await api('POST', '/api/admin/effects', admin, draft());
    const { id, slug } = created.json().data;
    const listed = async () =>
      ((await api('GET', '/api/effects')).json().data.items as { slug: string }[]).some((e) => e.slug === slug);
    expect(await listed()).toBe(false);
    expect((await api('GET', `/api/effects/${slug}`)).statusCode).toBe(404);
    const user = await video.userWith(`early-${kind}@example.com`, 100);
    expect((await generate(slug, {}, user)).statusCode).toBe(404);

    expect((await api('POST', `/api/admin/effects/${id}/publish`, admin, { reason: 'Launch' })).statusCode).toBe(200);
    expect(await listed()).toBe(true);
    expect((await api('GET', `/api/effects/${slug}`)).statusCode).toBe(200);
    expect((await api('POST', `/api/admin/effects/${id}/unpublish`, admin, { reason: 'Pulled' })).statusCode).toBe(200);
    expect(await listed()).toBe(false);
    const refused = await generate(slug, {}, user);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('EFFECTS_NOT_FOUND');

    const audit = await query(
      'SELECT action, target_type, actor_email, reason FROM audit_log WHERE target_id = ? ORDER BY created_at',
      [id],
    );
    expect(audit).toEqual([
      { action: 'effect.create', target_type: 'effect', actor_email: ADMIN, reason: 'New effect for the launch' },
      { action: 'effect.publish', target_type: 'effect', actor_email: ADMIN, reason: 'Launch' },
      { action: 'effect.unpublish', target_type: 'effect', actor_email: ADMIN, reason: 'Pulled' },
    ]);
  });

  it('edits and reorders from the console, each audited; the site follows at once', async () => {
    const { id, slug } = await published();
    const edited = await api('PUT', `/api/admin/effects/${id}`, admin, {
      ...draft({ slug, name: { en: 'Big Hug', 'zh-CN': '大拥抱' } }),
      reason: 'Better name',
    });
    expect(edited.statusCode).toBe(200);
    expect((await api('GET', `/api/effects/${slug}`)).json().data.name.en).toBe('Big Hug');
    const missing = await api('PUT', '/api/admin/effects/no-such-id', admin, draft());
    expect(missing.statusCode).toBe(404);

    const all = (await api('GET', '/api/admin/effects', admin)).json().data.items as { id: string; slug: string }[];
    const bad = await api('POST', '/api/admin/effects/reorder', admin, { ids: [id], reason: 'Partial order' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('EFFECTS_INVALID_EFFECT');
    const ids = [id, ...all.map((e) => e.id).filter((other) => other !== id)];
    const reordered = await api('POST', '/api/admin/effects/reorder', admin, { ids, reason: 'Feature the hug' });
    expect(reordered.statusCode).toBe(200);
    expect((await api('GET', '/api/effects')).json().data.items[0].slug).toBe(slug);
    const audit = await query('SELECT action, reason FROM audit_log WHERE target_id = ? ORDER BY created_at', [id]);
    expect(audit.slice(-2)).toEqual([
      { action: 'effect.update', reason: 'Better name' },
      { action: 'effect.reorder', reason: 'Feature the hug' },
    ]);
  });

  it("charges the effect's price once, sends the filled template and keeps the inputs and consent", async () => {
    const { slug } = await published();
    const user = await video.userWith(`maker-${kind}@example.com`, 100);
    const fields = { text_1: ' tightly ', people_consent: 'yes' };
    const files = { photo_1: photo, photo_2: { ...photo, filename: 'other.png' } };
    const res = await generate(slug, fields, user, files, `effect-key-${kind}`);
    expect(res.statusCode).toBe(200);
    const taskId = res.json().data.taskId as string;
    expect(await video.balance(user)).toBe(70);

    const replay = await generate(slug, fields, user, files, `effect-key-${kind}`);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.taskId).toBe(taskId);
    expect(await video.balance(user)).toBe(70);

    const [row] = await query(
      'SELECT prompt, provider_prompt, effect_inputs, people_consent_at, cost, reference_images FROM video_tasks WHERE id = ?',
      [taskId],
    );
    expect(row.prompt).toBe('Test Hug — tightly');
    expect(row.provider_prompt).toBe('Two people tightly hug warmly in the rain');
    expect(Number(row.cost)).toBe(30);
    expect(row.people_consent_at).not.toBeNull();
    expect(JSON.parse(row.effect_inputs)).toEqual({
      effect: { slug, name: { en: 'Test Hug', 'zh-CN': '测试拥抱' } },
      texts: { text_1: 'tightly' },
      photos: ['photo_1', 'photo_2'],
    });
    expect(JSON.parse(row.reference_images)).toHaveLength(1);

    const done = await video.waitFor(user, taskId, ['completed']);
    expect(done).toMatchObject({ prompt: 'Test Hug — tightly', effect: { slug, name: { en: 'Test Hug' } } });
    const sent = provider.submits.find((input) => input.taskId === taskId)!;
    expect(sent.prompt).toBe('Two people tightly hug warmly in the rain');
    expect(sent.image).not.toBeNull();
    expect(sent.referenceImages).toHaveLength(1);
  });

  it('refuses missing consent, bad photos, unknown fields and visitors before any charge', async () => {
    const { slug } = await published();
    const user = await video.userWith(`careful-${kind}@example.com`, 100);
    const both = { photo_1: photo, photo_2: photo };
    const refusals: [Awaited<ReturnType<typeof generate>>, number, string][] = [
      [await generate(slug, {}, user, both), 400, 'EFFECTS_CONSENT_REQUIRED'],
      [await generate(slug, { people_consent: 'yes' }, user, { photo_1: photo }), 400, 'EFFECTS_BAD_INPUT'],
      [await generate(slug, { people_consent: 'yes', prompt: 'x' }, user, both), 400, 'EFFECTS_BAD_INPUT'],
      [await generate(slug, { people_consent: 'yes', text_1: 'x'.repeat(21) }, user, both), 400, 'EFFECTS_BAD_INPUT'],
      [
        await generate(slug, { people_consent: 'yes' }, user, {
          ...both,
          photo_2: { data: Buffer.from('not a picture at all'), filename: 'fake.png', type: 'image/png' },
        }),
        400,
        'VIDEO_INVALID_IMAGE',
      ],
      [
        await generate(slug, { people_consent: 'yes' }, user, {
          ...both,
          photo_1: {
            data: Buffer.concat([photo.data, Buffer.alloc(11 * 1024 * 1024)]),
            filename: 'big.png',
            type: 'image/png',
          },
        }),
        413,
        'VIDEO_IMAGE_TOO_LARGE',
      ],
      [await generate(slug, { people_consent: 'yes' }, undefined, both), 401, 'VIDEO_NOT_SIGNED_IN'],
    ];
    for (const [res, status, code] of refusals) {
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(refusals[0]![0].json().message).toMatch(/adult who agreed/);
    expect(await video.balance(user)).toBe(100);
    expect(await taskCount(user)).toBe(0);
  });

  it('refunds a refused effect video and says so in terms of photos and words', async () => {
    const text = [
      { key: 'text_1', kind: 'text', label: { en: 'Word', 'zh-CN': '词' }, required: true, max_length: 20 },
    ];
    const { slug } = await published({ inputs: text, people: false, prompt_template: '[reject] a clip of {{text_1}}' });
    const user = await video.userWith(`refused-${kind}@example.com`, 100);
    const res = await generate(slug, { text_1: 'sand' }, user);
    expect(res.statusCode).toBe(200);
    const failed = await video.waitFor(user, res.json().data.taskId, ['failed']);
    expect(failed.error_code).toBe('safety_blocked');
    expect(failed.error_message).toMatch(/photos or words/);
    expect(failed.error_message).not.toMatch(/prompt/);
    expect(await video.balance(user)).toBe(100);
  });

  it('takes a sample video checked by its bytes and serves it with its poster', async () => {
    const { id, slug } = await published();
    const notVideo = multipart(
      { reason: 'New sample' },
      { video: { data: Buffer.from('hello'), filename: 'a.mp4', type: 'video/mp4' } },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/effects/${id}/sample`,
      payload: notVideo.payload,
      headers: { ...notVideo.headers, ...admin.auth },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('EFFECTS_INVALID_SAMPLE');

    const mp4 = join(tempDir, 'sample.mp4');
    const args = ['-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10', '-t', '2', '-pix_fmt', 'yuv420p', mp4];
    await runFfmpeg(args, { durationSeconds: 2, timeoutMs: 60_000 });
    const form = multipart(
      { reason: 'New sample' },
      { video: { data: await readFile(mp4), filename: 's.mp4', type: 'video/mp4' } },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/effects/${id}/sample`,
      payload: form.payload,
      headers: { ...form.headers, ...admin.auth },
    });
    expect(res.statusCode).toBe(200);
    const effect = (await api('GET', `/api/effects/${slug}`)).json().data;
    expect(effect.sample_url).toMatch(new RegExp(`^/effects/${slug}/sample\\.mp4\\?v=`));
    expect(effect.poster_url).toMatch(new RegExp(`^/effects/${slug}/poster\\.jpg\\?v=`));
    const range = await t.app.inject({ method: 'GET', url: effect.sample_url, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['cache-control']).toMatch(/public/);
    const poster = await t.app.inject({ method: 'GET', url: effect.poster_url });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: '/effects/no-such-effect/sample.mp4' })).statusCode).toBe(404);
    const audit = await query('SELECT action FROM audit_log WHERE target_id = ? AND action = ?', [id, 'effect.sample']);
    expect(audit).toHaveLength(1);
  });
});
