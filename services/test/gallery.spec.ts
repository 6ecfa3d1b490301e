import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { AccountExportSections } from '../src/account-export/account-export.sections';
import { GalleryScreen } from '../src/sharing/gallery-screen';
import { SharedVideoEntity } from '../src/sharing/shared-video.entity';
import { VideoTaskEntity } from '../src/video/video-task.entity';
import { createFakeWebBuild } from './support/fake-web-build';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

jest.setTimeout(120_000);

const ADMIN = 'gallery-admin@example.com';
const MINUTE = 60_000;

interface ShareOptions {
  prompt?: string;
  state?: SharedVideoEntity['galleryState'];
  category?: SharedVideoEntity['category'];
  views?: number;
  /** When it was listed, `ago` ms before now. */
  ago?: number;
  showPrompt?: boolean;
  creatorName?: string | null;
  unshared?: boolean;
}

/** Queries that a listing could run: on its table and what it could join (background sweeps run on others). */
const LISTING_TABLES = /shared_videos|gallery_|\busers\b|video_tasks/;

/** Counts the statements the app runs (through TypeORM's logger) that touch the listing's tables. */
function queryCounter(dataSource: DataSource) {
  const logger = dataSource.logger;
  let count = 0;
  const counting = new Proxy(logger, {
    get(target, property, receiver) {
      if (property !== 'logQuery') return Reflect.get(target, property, receiver);
      return (query: string, ...rest: unknown[]) => {
        if (LISTING_TABLES.test(query)) count++;
        return (target.logQuery as (...args: unknown[]) => unknown).call(target, query, ...rest);
      };
    },
  });
  Object.defineProperty(dataSource, 'logger', { value: counting, configurable: true, writable: true });
  return {
    reset: () => (count = 0),
    get count() {
      return count;
    },
  };
}

describe.each(databaseKinds())('the community gallery on %s', (kind) => {
  let t: TestApp;
  let web: string;
  let admin: SignedIn;
  let owner: SignedIn;
  let queries: ReturnType<typeof queryCounter>;

  beforeAll(async () => {
    web = createFakeWebBuild();
    t = await createTestApp(kind, {
      ADMIN_EMAILS: ADMIN,
      SIGNIN_RATE_LIMIT: '1000',
      WEB_DIR: web,
      GALLERY_BLOCKED_WORDS: 'gore, blood bath, 血腥',
      GALLERY_REPORTS_TO_HOLD: '3',
    });
    admin = await devSignIn(t.app, ADMIN);
    owner = await devSignIn(t.app, 'gallery-owner@example.com', 'Olive Owner');
    queries = queryCounter(t.app.get(DataSource));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  const db = () => t.app.get(DataSource);
  const list = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/gallery${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      items: { id: string; [key: string]: unknown }[];
      next_cursor: string | null;
      has_more: boolean;
    };
  };
  const ids = async (query = '') => (await list(query)).items.map((item) => item.id);
  const sleepPastCache = () => new Promise((r) => setTimeout(r, 5_100));
  const api = (method: 'GET' | 'POST', url: string, user?: SignedIn, payload?: object, remoteAddress?: string) =>
    t.app.inject({
      method,
      url,
      headers: user?.auth,
      ...(payload && { payload }),
      ...(remoteAddress && { remoteAddress }),
    });
  const audit = (targetId: string): Promise<{ action: string; reason: string; target_type: string }[]> =>
    db().query('SELECT action, reason, target_type FROM audit_log WHERE target_id = ? ORDER BY created_at', [targetId]);
  const stateOf = async (id: string) =>
    (await db().getRepository(SharedVideoEntity).findOneByOrFail({ id })).galleryState;

  /** A completed task of `user` and its shared video, inserted as the share feature would have made them. */
  async function share(user: SignedIn, options: ShareOptions = {}): Promise<string> {
    const taskId = randomUUID();
    const prompt = options.prompt ?? `a paper boat on a puddle ${taskId.slice(0, 8)}`;
    await db()
      .getRepository(VideoTaskEntity)
      .insert({
        id: taskId,
        userId: user.user.id,
        model: 'veo3',
        prompt,
        status: 'completed',
        cost: 40,
        provider: 'local',
        resultPath: `${taskId}.mp4`,
      });
    const id = randomBytes(16).toString('base64url');
    const state = options.state ?? 'listed';
    await db()
      .getRepository(SharedVideoEntity)
      .insert({
        id,
        taskId,
        userId: user.user.id,
        prompt,
        model: 'veo3',
        durationS: 8,
        aspectRatio: '16:9',
        creatorName: options.creatorName === undefined ? 'Olive Owner' : options.creatorName,
        showPrompt: options.showPrompt ?? true,
        galleryState: state,
        category: options.category ?? 'other',
        galleryAt: state === 'listed' ? new Date(Date.now() - (options.ago ?? 0)) : null,
        views: options.views ?? 0,
        unsharedAt: options.unshared ? new Date() : null,
      });
    return id;
  }

  describe('the public listing', () => {
    let a: string, b: string, c: string, held: string, hidden: string, off: string, gone: string, hiddenPrompt: string;

    beforeAll(async () => {
      a = await share(owner, { ago: 3 * MINUTE, views: 50, category: 'animation' });
      b = await share(owner, { ago: 2 * MINUTE, views: 500, category: 'movie' });
      c = await share(owner, { ago: 1 * MINUTE, views: 5, category: 'animation' });
      hiddenPrompt = await share(owner, { ago: 4 * MINUTE, views: 1, showPrompt: false, creatorName: null });
      held = await share(owner, { state: 'held' });
      hidden = await share(owner, { state: 'hidden' });
      off = await share(owner, { state: 'off' });
      gone = await share(owner, { ago: 30_000, unshared: true });
    });

    it('shows only listed, live videos, the newest first or the most viewed first', async () => {
      const newest = await ids('?limit=48');
      expect(newest.slice(0, 4)).toEqual([c, b, a, hiddenPrompt]);
      for (const id of [held, hidden, off, gone]) expect(newest).not.toContain(id);
      const popular = await ids('?sort=popular&limit=48');
      expect(popular.indexOf(b)).toBeLessThan(popular.indexOf(a));
      expect(popular.indexOf(a)).toBeLessThan(popular.indexOf(c));
    });

    it('shows what the public page shows: never the owner, the prompt only when shown', async () => {
      const items = (await list('?limit=48')).items;
      expect(items.find((item) => item.id === b)).toEqual({
        id: b,
        url: `http://localhost:3000/v/${b}`,
        poster_url: `/v/${b}/poster.jpg`,
        video_url: `/v/${b}/video.mp4`,
        prompt: expect.stringContaining('a paper boat'),
        model: 'veo3',
        duration_s: 8,
        aspect_ratio: '16:9',
        creator_name: 'Olive Owner',
        views: 500,
        remixes: 0,
        category: 'movie',
        listed_at: expect.any(String),
      });
      expect(items.find((item) => item.id === hiddenPrompt)).toMatchObject({ prompt: null, creator_name: null });
      expect(JSON.stringify(items)).not.toContain(owner.user.id);
    });

    it('filters by category and pages by number or by cursor', async () => {
      expect(await ids('?category=animation')).toEqual([c, a]);
      const first = await list('?limit=2');
      expect(first.items.map((i) => i.id)).toEqual([c, b]);
      expect(first.has_more).toBe(true);
      const second = await list(`?limit=2&cursor=${first.next_cursor}`);
      expect(second.items.map((i) => i.id)).toEqual([a, hiddenPrompt]);
      expect((await list('?limit=2&page=2')).items.map((i) => i.id)).toEqual([a, hiddenPrompt]);
      const popularFirst = await list('?sort=popular&limit=1');
      expect((await list(`?sort=popular&limit=1&cursor=${popularFirst.next_cursor}`)).items[0]!.id).toBe(a);
      // A cursor of another order, or made up: 400.
      expect((await api('GET', `/api/gallery?sort=popular&cursor=${first.next_cursor}`)).statusCode).toBe(400);
      expect((await api('GET', '/api/gallery?cursor=bm9wZQ')).statusCode).toBe(400);
      expect((await api('GET', '/api/gallery?limit=500')).statusCode).toBe(400);
      expect((await api('GET', '/api/gallery?category=cats')).statusCode).toBe(400);
    });

    it('runs one query per page whatever its size, and none while the page is cached', async () => {
      for (let i = 0; i < 50; i++) await share(owner, { ago: 10 * MINUTE + i * 1000 });
      for (const limit of [1, 10, 48]) {
        queries.reset();
        const page = await list(`?limit=${limit}&sort=popular&category=other`);
        expect(page.items).toHaveLength(limit);
        expect(queries.count).toBe(1);
        queries.reset();
        await list(`?limit=${limit}&sort=popular&category=other`);
        expect(queries.count).toBe(0);
      }
    });

    it('serves /explore to crawlers: cards linking to each video, tabs, categories, pages, both languages', async () => {
      await sleepPastCache();
      const res = await api('GET', '/explore');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const html = res.body;
      expect(html).toContain('<title>Community gallery | Veo 3 Studio</title>');
      expect(html).toContain('<link rel="canonical" href="http://localhost:3000/explore" />');
      expect(html).not.toContain('noindex');
      expect(html).toContain(`href="/v/${c}"`);
      expect(html).toContain(`href="/v/${c}/report"`);
      expect(html).toContain(`src="/v/${c}/poster.jpg"`);
      for (const id of [held, hidden, off, gone]) expect(html).not.toContain(id);
      expect(html).toContain('href="/explore?sort=popular"');
      expect(html).toContain('aria-current="page">Newest');
      expect(html).toContain('href="/explore?category=animation"');
      expect(html).toContain('rel="next" href="/explore?page=2"');
      expect(html).toContain('A video by Anonymous');

      const popular = await api('GET', '/explore?sort=popular&category=movie');
      expect(popular.body).toContain('aria-current="page">Most viewed');
      expect(popular.body).toContain(`href="/v/${b}"`);
      expect(popular.body).not.toContain(`href="/v/${a}"`);
      expect(popular.body).toContain('href="http://localhost:3000/explore?sort=popular&amp;category=movie"');

      const zh = await api('GET', '/explore?lang=zh-CN&category=product');
      expect(zh.headers['content-language']).toBe('zh-CN');
      expect(zh.body).toContain('社区作品');
      expect(zh.body).toContain('这里还没有视频');
      expect(zh.body).toContain('href="/explore?sort=popular&amp;category=product&amp;lang=zh-CN"');

      // A bad choice in the address is ignored, not refused.
      expect((await api('GET', '/explore?sort=loud&page=-3&category=x')).statusCode).toBe(200);
      expect((await api('GET', '/sitemap.xml')).body).toContain('<loc>http://localhost:3000/explore</loc>');
    });
  });

  describe('the automatic check of an offered video', () => {
    const screen = () => t.app.get(GalleryScreen);

    it('lists a clean prompt and holds one with a blocked word (whole words, any case)', async () => {
      expect(await screen().verdict(owner.user.id, 'A calm lake at dawn')).toEqual({ state: 'listed', reason: null });
      expect(await screen().verdict(owner.user.id, 'Zombies, GORE everywhere')).toEqual({
        state: 'held',
        reason: 'The prompt contains a blocked word ("gore")',
      });
      expect((await screen().verdict(owner.user.id, 'a blood   bath in red paint')).state).toBe('held');
      expect((await screen().verdict(owner.user.id, 'a gorgeous goreme valley')).state).toBe('listed');
      expect((await screen().verdict(owner.user.id, '一个血腥的场面')).state).toBe('held');
    });

    it('holds a video the provider refused a version of for safety', async () => {
      const root = randomUUID();
      const edit = randomUUID();
      await db()
        .getRepository(VideoTaskEntity)
        .insert([
          {
            id: root,
            rootTaskId: root,
            userId: owner.user.id,
            model: 'omni',
            prompt: 'p',
            status: 'completed',
            cost: 1,
            provider: 'local',
          },
          {
            id: edit,
            rootTaskId: root,
            parentTaskId: root,
            kind: 'edit',
            userId: owner.user.id,
            model: 'omni',
            prompt: 'p',
            status: 'failed',
            errorCode: 'safety_blocked',
            cost: 1,
            provider: 'local',
          },
        ]);
      expect(await screen().verdict(owner.user.id, 'a calm lake', root)).toEqual({
        state: 'held',
        reason: 'The provider refused a version of this video for safety',
      });
      // Another user's task id tells nothing.
      expect((await screen().verdict(admin.user.id, 'a calm lake', root)).state).toBe('listed');
    });
  });

  describe('reports', () => {
    it('takes one report per visitor and video, from the form or as JSON, and holds a video at 3', async () => {
      const id = await share(owner);
      const visitor = await devSignIn(t.app, 'reporter-one@example.com');
      const json = (user: SignedIn, details?: string) =>
        api('POST', '/api/gallery/reports', user, { share_id: id, reason: 'spam', ...(details && { details }) });
      expect((await json(visitor, 'the same ad again')).json()).toEqual({ success: true, data: { received: true } });
      expect((await json(visitor)).statusCode).toBe(200);
      const form = (remoteAddress: string, body: string) =>
        t.app.inject({
          method: 'POST',
          url: `/v/${id}/report`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: body,
          remoteAddress,
        });
      const thanks = await form('10.0.0.7', 'reason=violence&details=A+fight');
      expect(thanks.statusCode).toBe(200);
      expect(thanks.body).toContain('Thank you for your report');
      expect(thanks.body).toContain('noindex');
      expect((await form('10.0.0.7', 'reason=hate')).statusCode).toBe(200);
      expect(await stateOf(id)).toBe('listed');

      const rows: { reporter_key: string; reporter_id: string | null; details: string | null }[] = await db().query(
        'SELECT reporter_key, reporter_id, details FROM gallery_reports WHERE share_id = ? ORDER BY created_at',
        [id],
      );
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ reporter_id: visitor.user.id, details: 'the same ad again' });
      expect(rows[1]!.reporter_id).toBeNull();
      expect(JSON.stringify(rows)).not.toContain('10.0.0.7');
      expect(rows[1]!.reporter_key).toMatch(/^[0-9a-f]{64}$/);

      // The third visitor holds it: out of the listing at once in this process.
      await ids('?limit=48');
      expect((await form('10.0.0.8', 'reason=other')).statusCode).toBe(200);
      expect(await stateOf(id)).toBe('held');
      expect((await db().getRepository(SharedVideoEntity).findOneByOrFail({ id })).galleryReason).toBe(
        'Reported by visitors',
      );
      expect(await ids('?limit=48')).not.toContain(id);
    });

    it('shows the form in both languages and says what is wrong without taking a report', async () => {
      const id = await share(owner, { prompt: 'a red kite over the sea' });
      const page = await api('GET', `/v/${id}/report`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<form class="gallery-page__form" method="post" action="/v/${id}/report">`);
      for (const reason of ['Sexual content', 'Violence or harm', 'Hate or harassment', 'Copyright', 'Spam', 'Other'])
        expect(page.body).toContain(reason);
      expect(page.body).toContain('a red kite over the sea');
      expect(page.body).toContain('<meta name="robots" content="noindex" />');
      const zh = await t.app.inject({ method: 'GET', url: `/v/${id}/report`, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body).toContain('举报原因');

      const bad = await t.app.inject({
        method: 'POST',
        url: `/v/${id}/report?lang=en`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `details=${'x'.repeat(501)}`,
        remoteAddress: '10.0.1.1',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Choose a reason.');
      expect(bad.body).toContain('Use at most 500 characters (you wrote 501).');
      expect(bad.body).toContain(`action="/v/${id}/report?lang=en"`);
      expect(bad.body).toContain('x'.repeat(501));
      expect((await api('POST', '/api/gallery/reports', undefined, { share_id: id, reason: 'rude' })).statusCode).toBe(
        400,
      );
      expect(await db().query('SELECT id FROM gallery_reports WHERE share_id = ?', [id])).toEqual([]);
    });

    it('answers 404 for a video that is not shared, or not any more', async () => {
      const gone = await share(owner, { unshared: true });
      for (const id of [gone, randomBytes(16).toString('base64url'), 'nope']) {
        const page = await api('GET', `/v/${id}/report`);
        expect(page.statusCode).toBe(404);
        expect(page.body).toContain('This video is not available');
        const res = await api('POST', '/api/gallery/reports', undefined, { share_id: id, reason: 'spam' });
        expect(res.statusCode).toBe(id === 'nope' ? 400 : 404);
      }
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/v/${gone}/report`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'reason=spam',
          })
        ).statusCode,
      ).toBe(404);
    });

    it('limits one visitor to 10 reports an hour', async () => {
      const shares = await Promise.all(Array.from({ length: 11 }, () => share(owner)));
      const send = (id: string) =>
        api('POST', '/api/gallery/reports', undefined, { share_id: id, reason: 'spam' }, '10.9.9.9');
      for (const id of shares.slice(0, 10)) expect((await send(id)).statusCode).toBe(200);
      const refused = await send(shares[10]!);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('GALLERY_TOO_MANY_REPORTS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const page = await t.app.inject({
        method: 'POST',
        url: `/v/${shares[10]}/report`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'reason=spam',
        remoteAddress: '10.9.9.9',
      });
      expect(page.statusCode).toBe(429);
      expect(page.body).toContain('Too many reports');
      // Another visitor is not held back.
      expect(
        (await api('POST', '/api/gallery/reports', undefined, { share_id: shares[10], reason: 'spam' }, '10.9.9.8'))
          .statusCode,
      ).toBe(200);
    });
  });

  describe('the review in the admin console', () => {
    let nosy: SignedIn;
    beforeAll(async () => {
      nosy = await devSignIn(t.app, 'gallery-nosy@example.com');
    });
    const queue = async (state: string) => {
      const res = await api('GET', `/api/admin/gallery?state=${state}`, admin);
      expect(res.statusCode).toBe(200);
      return res.json().data as { items: { id: string; [key: string]: unknown }[]; total: number; page_size: number };
    };

    it('is for admins only', async () => {
      const id = await share(owner);
      expect((await api('GET', '/api/admin/gallery')).statusCode).toBe(401);
      expect((await api('GET', '/api/admin/gallery', nosy)).statusCode).toBe(403);
      for (const action of ['hide', 'restore', 'dismiss-reports'])
        expect((await api('POST', `/api/admin/gallery/${id}/${action}`, nosy, { reason: 'because' })).statusCode).toBe(
          403,
        );
      for (const action of ['ban', 'unban'])
        expect(
          (await api('POST', `/api/admin/gallery/users/${owner.user.id}/${action}`, nosy, { reason: 'because' }))
            .statusCode,
        ).toBe(403);
      expect(await stateOf(id)).toBe('listed');
      expect(await audit(id)).toEqual([]);
    });

    it('queues held and reported videos with their reports and owner; hides, restores and dismisses with audit rows', async () => {
      const id = await share(owner, { prompt: 'fight club in the rain' });
      for (const [address, reason, details] of [
        ['10.1.0.1', 'violence', 'too violent'],
        ['10.1.0.2', 'violence', null],
        ['10.1.0.3', 'copyright', 'from a film'],
      ] as const)
        await api(
          'POST',
          '/api/gallery/reports',
          undefined,
          { share_id: id, reason, ...(details && { details }) },
          address,
        );
      expect(await stateOf(id)).toBe('held');

      const held = (await queue('held')).items.find((item) => item.id === id);
      expect(held).toMatchObject({
        state: 'held',
        reason: 'Reported by visitors',
        prompt: 'fight club in the rain',
        owner_id: owner.user.id,
        owner_email: 'gallery-owner@example.com',
        owner_banned: false,
        reports: {
          open: 3,
          by_reason: [
            { reason: 'violence', count: 2 },
            { reason: 'copyright', count: 1 },
          ],
          details: expect.arrayContaining(['too violent', 'from a film']),
        },
      });
      expect((await queue('reported')).items[0]!.id).toBe(id);
      expect((await queue('listed')).items.map((i) => i.id)).not.toContain(id);

      // A reason is required: nothing changes without one.
      for (const body of [{}, { reason: ' x ' }]) {
        const refused = await api('POST', `/api/admin/gallery/${id}/hide`, admin, body);
        expect(refused.statusCode).toBe(400);
      }
      expect(await stateOf(id)).toBe('held');
      expect(await audit(id)).toEqual([]);

      const restored = await api('POST', `/api/admin/gallery/${id}/restore`, admin, { reason: 'a film scene, fine' });
      expect(restored.statusCode).toBe(200);
      expect(restored.json().data).toMatchObject({ state: 'listed', reason: null, reports: { open: 0 } });
      expect(await ids('?limit=48')).toContain(id);

      await api('POST', '/api/gallery/reports', undefined, { share_id: id, reason: 'hate' }, '10.1.0.4');
      const dismissed = await api('POST', `/api/admin/gallery/${id}/dismiss-reports`, admin, { reason: 'not hateful' });
      expect(dismissed.json().data).toMatchObject({ state: 'listed', reports: { open: 0 } });

      const hidden = await api('POST', `/api/admin/gallery/${id}/hide`, admin, { reason: 'too violent after all' });
      expect(hidden.json().data).toMatchObject({ state: 'hidden', reason: 'too violent after all' });
      expect(await ids('?limit=48')).not.toContain(id);
      expect((await queue('hidden')).items.map((i) => i.id)).toContain(id);
      // Hiding it again changes nothing and records nothing.
      expect((await api('POST', `/api/admin/gallery/${id}/hide`, admin, { reason: 'again' })).statusCode).toBe(200);

      expect(await audit(id)).toEqual([
        { action: 'gallery.restore', reason: 'a film scene, fine', target_type: 'share' },
        { action: 'gallery.dismiss_reports', reason: 'not hateful', target_type: 'share' },
        { action: 'gallery.hide', reason: 'too violent after all', target_type: 'share' },
      ]);
      const entries = (await api('GET', `/api/admin/audit?target_id=${id}`, admin)).json().data.items;
      expect(entries[0]).toMatchObject({
        action: 'gallery.hide',
        target_type: 'share',
        target_email: 'gallery-owner@example.com',
        before: { state: 'listed', reason: null, open_reports: 0 },
        after: { state: 'hidden', reason: 'too violent after all', open_reports: 0 },
      });

      expect(
        (
          await api('POST', `/api/admin/gallery/${randomBytes(16).toString('base64url')}/hide`, admin, {
            reason: 'gone',
          })
        ).statusCode,
      ).toBe(404);
      const notOffered = await share(owner, { state: 'off' });
      const refused = await api('POST', `/api/admin/gallery/${notOffered}/restore`, admin, { reason: 'list it' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('GALLERY_NOT_OFFERED');
    });

    it('bans a user: their videos leave the gallery, their offers are refused; unban lets them offer again', async () => {
      const user = await devSignIn(t.app, 'gallery-spammer@example.com');
      const one = await share(user);
      const two = await share(user, { state: 'held' });
      const ban = await api('POST', `/api/admin/gallery/users/${user.user.id}/ban`, admin, { reason: 'spam account' });
      expect(ban.json().data).toEqual({ user_id: user.user.id, banned: true, hidden: 2 });
      expect([await stateOf(one), await stateOf(two)]).toEqual(['hidden', 'hidden']);
      expect(await ids('?limit=48')).not.toContain(one);
      await expect(t.app.get(GalleryScreen).verdict(user.user.id, 'a calm lake')).rejects.toMatchObject({
        code: 'GALLERY_BANNED',
        status: 403,
        message: 'You can no longer offer videos to the gallery.',
      });
      const restore = await api('POST', `/api/admin/gallery/${one}/restore`, admin, { reason: 'try it' });
      expect(restore.json().code).toBe('GALLERY_OWNER_BANNED');
      expect((await queue('hidden')).items.find((i) => i.id === one)).toMatchObject({ owner_banned: true });
      // A second ban changes nothing.
      expect(
        (await api('POST', `/api/admin/gallery/users/${user.user.id}/ban`, admin, { reason: 'again!' })).json().data
          .hidden,
      ).toBe(0);

      expect(
        (await api('POST', `/api/admin/gallery/users/${user.user.id}/unban`, admin, { reason: 'appealed' })).json()
          .data,
      ).toEqual({
        user_id: user.user.id,
        banned: false,
        hidden: 0,
      });
      expect((await t.app.get(GalleryScreen).verdict(user.user.id, 'a calm lake')).state).toBe('listed');
      expect(await stateOf(one)).toBe('hidden');
      expect(await audit(user.user.id)).toEqual([
        { action: 'gallery.ban', reason: 'spam account', target_type: 'user' },
        { action: 'gallery.unban', reason: 'appealed', target_type: 'user' },
      ]);
      expect(
        (await api('POST', `/api/admin/gallery/users/${randomUUID()}/ban`, admin, { reason: 'nobody' })).statusCode,
      ).toBe(404);
    });
  });

  describe('personal data', () => {
    it("exports a user's reports and ban, and account deletion erases them", async () => {
      const reporter = await devSignIn(t.app, 'gallery-reporter@example.com');
      const id = await share(owner);
      await api('POST', '/api/gallery/reports', reporter, {
        share_id: id,
        reason: 'other',
        details: 'I am Rita, call me',
      });
      await api('POST', `/api/admin/gallery/users/${reporter.user.id}/ban`, admin, { reason: 'false reports' });

      const sections = t.app.get(AccountExportSections).list(() => undefined);
      const section = (name: string) => sections.find((s) => s.name === name)!.page(reporter.user.id, 0, 10);
      expect(await section('gallery_reports')).toEqual([
        { share_id: id, reason: 'other', details: 'I am Rita, call me', created_at: expect.any(Date), closed_at: null },
      ]);
      expect(await section('gallery_bans')).toEqual([{ reason: 'false reports', created_at: expect.any(Date) }]);

      const deleted = await api('POST', '/api/account/delete', reporter, { email: 'gallery-reporter@example.com' });
      expect(deleted.statusCode).toBe(200);
      expect(
        await db().query('SELECT reporter_id, details, reason FROM gallery_reports WHERE share_id = ?', [id]),
      ).toEqual([{ reporter_id: null, details: null, reason: 'other' }]);
      expect(await db().query('SELECT user_id FROM gallery_bans WHERE user_id = ?', [reporter.user.id])).toEqual([]);
    });
  });
});
