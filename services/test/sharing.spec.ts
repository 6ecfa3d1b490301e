import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { ShareId } from '@veo3/contracts/sharing';
import { AccountExportSections } from '../src/account-export/account-export.sections';
import { VideoProviders } from '../src/video/providers/video-providers';
import { FAKE_VIDEO, ScriptedProvider } from './support/scripted-provider';
import { createFakeWebBuild } from './support/fake-web-build';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient } from './support/video-client';

jest.setTimeout(90_000);

const SITE = 'http://localhost:3000';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe.each(databaseKinds())('shared videos on %s', (kind) => {
  let t: TestApp;
  let video: ReturnType<typeof videoClient>;
  let admin: SignedIn;
  let owner: SignedIn;
  let other: SignedIn;

  const db = () => t.app.get(DataSource);
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, by?: SignedIn | null, payload?: object) =>
    t.app.inject({ method, url, headers: by?.auth ?? {}, ...(payload && { payload }) });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  /** A signed-in user with a display name and credits. */
  async function user(email: string, name: string | null, credits: number): Promise<SignedIn> {
    const signedIn = await devSignIn(t.app, email, name ?? undefined);
    if (credits) {
      const res = await api('POST', '/api/credits/add', admin, {
        userId: signedIn.user.id,
        amount: credits,
        reason: 'test credits',
        sourceId: `seed-${email}`,
      });
      expect(res.statusCode).toBe(200);
    }
    return signedIn;
  }

  /** A finished video of `by`: its status reply. */
  async function made(prompt: string, by = owner, files = {}, model = 'veo3') {
    const res = await video.generate({ prompt, model }, by, files);
    expect(res.statusCode).toBe(200);
    return video.waitFor(by, res.json().data.taskId, ['completed']);
  }

  async function share(taskId: string, by = owner, settings: object = {}) {
    const res = await api('POST', `/api/share/tasks/${taskId}`, by, settings);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  const shareRow = async (id: string) =>
    (await db().query('SELECT views, remixes, unshared_at FROM shared_videos WHERE id = ?', [id]))[0] as
      { views: number | string; remixes: number | string; unshared_at: unknown } | undefined;

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        GENERATE_RATE_LIMIT: '1000',
        VIDEO_POLL_INTERVAL_MS: '20',
        VIDEO_MAX_ACTIVE_PER_USER: '10',
        // The page shell needs a built shell's index.html.
        WEB_DIR: createFakeWebBuild(),
      },
      [{ provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider(1)]) }],
    );
    admin = await devSignIn(t.app, 'admin@example.com');
    video = videoClient(t, admin);
    owner = await user('owner@example.com', 'Ada Lovelace', 2000);
    other = await user('other@example.com', null, 2000);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shares a finished video at a random id, and "Stop sharing" makes its page, files and oEmbed 404 at once', async () => {
    const task = await made('A red kite over a green hill at dawn');
    const created = await share(task.id);
    expect(ShareId.safeParse(created.id).success).toBe(true);
    expect(created).toMatchObject({
      url: `${SITE}/v/${created.id}`,
      task_id: task.id,
      show_prompt: true,
      anonymous: false,
      creator_name: 'Ada Lovelace',
      offer_to_gallery: false,
      gallery_state: 'off',
      views: 0,
      remixes: 0,
    });
    // The id names neither the task nor the user, and is not made from them: sharing again later is another id.
    for (const secret of [task.id, owner.user.id, ...task.id.split('-'), ...owner.user.id.split('-')])
      expect(created.id.toLowerCase()).not.toContain(secret.toLowerCase());
    // While it is shared, sharing again answers the live share.
    expect((await share(task.id)).id).toBe(created.id);
    expect((await api('GET', `/api/share/tasks/${task.id}`, owner)).json().data.id).toBe(created.id);

    const page = await get(`/v/${created.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toBeTruthy();
    expect(page.body).toContain('A red kite over a green hill at dawn');
    expect((await get(`/v/${created.id}`, { 'if-none-match': String(page.headers.etag) })).statusCode).toBe(304);

    const file = await get(`/v/${created.id}/video.mp4`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['cache-control']).toBe('no-cache');
    expect(file.headers.etag ?? file.headers['last-modified']).toBeTruthy();
    expect(file.rawPayload.equals(FAKE_VIDEO)).toBe(true);
    const range = await get(`/v/${created.id}/video.mp4`, { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);
    const oembedUrl = `/api/oembed?url=${encodeURIComponent(created.url)}&format=json`;
    expect((await get(oembedUrl)).statusCode).toBe(200);

    const stopped = await api('DELETE', `/api/share/${created.id}`, owner);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().data.id).toBe(created.id);

    const gone = await get(`/v/${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('text/html');
    expect(gone.headers['cache-control']).toBe('no-store');
    expect(gone.body).not.toContain('A red kite');
    // A cache that kept the page asks again, and hears it is gone.
    expect((await get(`/v/${created.id}`, { 'if-none-match': String(page.headers.etag) })).statusCode).toBe(404);
    for (const url of [`/v/${created.id}/video.mp4`, `/v/${created.id}/poster.jpg`, `/v/${created.id}/embed`])
      expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
    expect((await get(oembedUrl)).statusCode).toBe(404);
    expect((await get(`/api/share/${created.id}/remix`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/share/${created.id}`, owner)).statusCode).toBe(404);
    expect((await api('GET', `/api/share/tasks/${task.id}`, owner)).json().data).toBeNull();

    // Sharing it again makes a new page; the old link stays dead.
    const again = await share(task.id);
    expect(again.id).not.toBe(created.id);
    expect((await get(`/v/${again.id}`)).statusCode).toBe(200);
    expect((await get(`/v/${created.id}`)).statusCode).toBe(404);
  });

  it("another user's video can be neither shared nor unshared nor changed: the same 404 as an unknown one", async () => {
    const task = await made('a private video of the owner');
    const notMine = await api('POST', `/api/share/tasks/${task.id}`, other, {});
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ code: 'SHARING_NOT_FOUND' });
    const unknown = await api('POST', '/api/share/tasks/00000000-0000-4000-8000-000000000000', other, {});
    expect(unknown.json()).toEqual(notMine.json());
    expect((await api('GET', `/api/share/tasks/${task.id}`, other)).json().data).toBeNull();
    expect(await db().query('SELECT id FROM shared_videos WHERE task_id = ?', [task.id])).toEqual([]);

    const { id } = await share(task.id);
    for (const res of [
      await api('DELETE', `/api/share/${id}`, other),
      await api('PATCH', `/api/share/${id}`, other, { show_prompt: false }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('SHARING_NOT_FOUND');
    }
    expect((await api('DELETE', `/api/share/${id}`, null)).statusCode).toBe(401);
    expect((await get(`/v/${id}`)).statusCode).toBe(200);
    expect((await shareRow(id))!.unshared_at).toBeNull();
  });

  it('makes one live share of a video however many requests come at once, and lists them by task', async () => {
    const task = await made('shared twice at once');
    const untouched = await made('never shared');
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => api('POST', `/api/share/tasks/${task.id}`, owner, { anonymous: true })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.json().data.id)).size).toBe(1);
    expect(await db().query('SELECT id FROM shared_videos WHERE task_id = ?', [task.id])).toHaveLength(1);
    const listed = await api('GET', `/api/share/tasks?ids=${task.id},${untouched.id}`, owner);
    expect(listed.json().data.items.map((s: { task_id: string }) => s.task_id)).toEqual([task.id]);
    expect((await api('GET', `/api/share/tasks?ids=${task.id}`, other)).json().data.items).toEqual([]);
  });

  it('refuses a video that is not finished yet, and changes nothing', async () => {
    const res = await video.generate({ prompt: 'still rendering [hang]', model: 'veo3' }, owner);
    const taskId = res.json().data.taskId;
    const refused = await api('POST', `/api/share/tasks/${taskId}`, owner, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SHARING_NOT_SHAREABLE' });
    expect(await db().query('SELECT id FROM shared_videos WHERE task_id = ?', [taskId])).toEqual([]);
  });

  it('serves crawlers the page without JavaScript: Open Graph video, the Twitter player, canonical, oEmbed; noindex unless listed', async () => {
    const task = await made('A paper boat sails down a rainy street <b>bold</b>');
    const { id } = await share(task.id);
    const html = (await get(`/v/${id}`)).body;
    const meta = (attr: string) => new RegExp(`<meta ${attr} content="([^"]*)"`).exec(html)?.[1];
    expect(meta('property="og:type"')).toBe('video.other');
    expect(meta('property="og:video"')).toBe(`${SITE}/v/${id}/video.mp4`);
    expect(meta('property="og:video:type"')).toBe('video/mp4');
    expect(meta('property="og:video:width"')).toBe('1280');
    expect(meta('property="og:video:height"')).toBe('720');
    expect(meta('name="twitter:card"')).toBe('player');
    expect(meta('name="twitter:player"')).toBe(`${SITE}/v/${id}/embed`);
    expect(meta('name="twitter:player:width"')).toBe('1280');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/v/${id}" />`);
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${SITE}/api/oembed?url=${encodeURIComponent(`${SITE}/v/${id}`)}&amp;format=json"`,
    );
    expect(html).toContain('<meta name="robots" content="noindex" />');
    // The video plays from the HTML alone; the prompt is escaped; the creator, counts and remix link are there.
    expect(html).toMatch(new RegExp(`<video [^>]*controls[^>]*playsinline[^>]*>\\s*<source src="/v/${id}/video.mp4"`));
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('Ada Lovelace');
    expect(html).toContain(`href="/text-to-veo3-video?type=text&amp;remix=${id}"`);
    expect(html).toContain(`href="/v/${id}/report"`);
    expect(html).not.toContain('owner@example.com');

    // Offered to the gallery and listed by its check: indexable. Taken out again: noindex.
    expect((await api('PATCH', `/api/share/${id}`, owner, { offer_to_gallery: true })).json().data).toMatchObject({
      offer_to_gallery: true,
      gallery_state: 'listed',
    });
    expect((await get(`/v/${id}`)).body).not.toContain('content="noindex"');
    expect((await get('/sitemap.xml')).body).toContain(`<loc>${SITE}/v/${id}</loc>`);
    await api('PATCH', `/api/share/${id}`, owner, { offer_to_gallery: false });
    expect((await get(`/v/${id}`)).body).toContain('<meta name="robots" content="noindex" />');
    expect((await get('/sitemap.xml')).body).not.toContain(`/v/${id}`);

    // In Chinese when asked; the prompt hidden when the owner hides it, and Anonymous by choice.
    const patched = await api('PATCH', `/api/share/${id}`, owner, { show_prompt: false, anonymous: true });
    expect(patched.json().data).toMatchObject({ show_prompt: false, anonymous: true, creator_name: null });
    const zh = await get(`/v/${id}?lang=zh-CN`);
    expect(zh.headers['content-language']).toBe('zh-CN');
    expect(zh.body).toContain('做一个类似的视频');
    expect(zh.body).toContain('匿名');
    expect(zh.body).not.toContain('paper boat');
    expect(zh.body).not.toContain('Ada Lovelace');
    expect((await get(`/api/share/${id}/remix`)).json().data).toMatchObject({ prompt: null, negative_prompt: null });
  });

  it('answers oEmbed for its own share pages only, JSON only', async () => {
    const task = await made('oEmbed me');
    const { id, url } = await share(task.id, owner, { anonymous: true });
    const res = await get(`/api/oembed?url=${encodeURIComponent(url)}&maxwidth=320`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      type: 'video',
      version: '1.0',
      title: 'oEmbed me',
      author_name: 'Anonymous',
      provider_name: 'Veo 3 Studio',
      provider_url: SITE,
      width: 320,
      height: 180,
    });
    expect(body.html).toContain(`<iframe src="${SITE}/v/${id}/embed" width="320" height="180"`);
    expect((await get(`/api/oembed?url=${encodeURIComponent(url)}&format=xml`)).statusCode).toBe(501);
    for (const foreign of [
      `https://elsewhere.example/v/${id}`,
      `${SITE}/blog/${id}`,
      `${SITE}/v/AAAAAAAAAAAAAAAAAAAAAA`,
    ])
      expect((await get(`/api/oembed?url=${encodeURIComponent(foreign)}`)).statusCode).toBe(404);

    // The player may be framed by any site; the page itself keeps the site's framing rules.
    const embed = await get(`/v/${id}/embed`);
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.body).toContain(`<source src="/v/${id}/video.mp4"`);
    expect(embed.body).not.toContain('<script');
    const page = await get(`/v/${id}`);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it("counts a view once per page view: never its owner's, never a robot's", async () => {
    const task = await made('views are counted');
    const { id } = await share(task.id);
    const view = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/share/${id}/view`, headers });
    expect((await view({ 'user-agent': BROWSER })).statusCode).toBe(200);
    expect((await view({ 'user-agent': BROWSER, ...owner.auth })).statusCode).toBe(200);
    await view({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await view({ 'user-agent': 'facebookexternalhit/1.1' });
    await view({ 'user-agent': '' });
    expect(Number((await shareRow(id))!.views)).toBe(1);
    await view({ 'user-agent': BROWSER, ...other.auth });
    expect(Number((await shareRow(id))!.views)).toBe(2);
    // The page's HTML read by anyone counts nothing by itself (link previews, crawlers).
    await get(`/v/${id}`, { 'user-agent': BROWSER });
    expect(Number((await shareRow(id))!.views)).toBe(2);
    expect((await api('GET', `/api/share/tasks/${task.id}`, owner)).json().data.views).toBe(2);
    expect((await t.app.inject({ method: 'POST', url: '/api/share/AAAAAAAAAAAAAAAAAAAAAA/view' })).statusCode).toBe(
      404,
    );
  });

  it('remixes: the task names the share, its counter moves once per task made, never on a replay, and a dead share is refused before any charge', async () => {
    const task = await made('A fox in the snow, cinematic');
    const { id } = await share(task.id);
    const source = (await get(`/api/share/${id}/remix`)).json().data;
    expect(source).toMatchObject({
      share_id: id,
      page_url: `${SITE}/v/${id}`,
      prompt: 'A fox in the snow, cinematic',
      model: 'veo3',
      aspect_ratio: '16:9',
      resolution: '720p',
      duration_s: 8,
      has_first_frame: false,
      first_frame_url: null,
    });

    const remix = await video.generate({ prompt: 'A fox in the rain', model: 'veo3', remix_of: id }, other, {}, 'k-1');
    expect(remix.statusCode).toBe(200);
    const remixTask = remix.json().data.taskId;
    expect((await db().query('SELECT remix_of FROM video_tasks WHERE id = ?', [remixTask]))[0].remix_of).toBe(id);
    expect(Number((await shareRow(id))!.remixes)).toBe(1);
    // The same request again (its Idempotency-Key): the same task, not another remix.
    const replay = await video.generate({ prompt: 'A fox in the rain', model: 'veo3', remix_of: id }, other, {}, 'k-1');
    expect(replay.json().data.taskId).toBe(remixTask);
    expect(Number((await shareRow(id))!.remixes)).toBe(1);
    // Two variations are two videos made from it.
    const two = await video.generate({ prompt: 'Two foxes', model: 'veo3', remix_of: id, variations: '2' }, other);
    expect(two.json().data.taskIds).toHaveLength(2);
    expect(Number((await shareRow(id))!.remixes)).toBe(3);
    expect((await api('GET', `/api/share/tasks/${task.id}`, owner)).json().data.remixes).toBe(3);
    await video.waitFor(other, remixTask, ['completed']);

    // A share that is not live (unknown, or stopped) is refused with nothing charged or made.
    await api('DELETE', `/api/share/${id}`, owner);
    const before = await video.balance(other);
    const tasksBefore = (
      await db().query('SELECT COUNT(*) AS n FROM video_tasks WHERE user_id = ?', [other.user.id])
    )[0].n;
    for (const dead of [id, 'AAAAAAAAAAAAAAAAAAAAAA', 'not-a-share-id']) {
      const refused = await video.generate({ prompt: 'A fox again', model: 'veo3', remix_of: dead }, other);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ success: false, code: 'VIDEO_REMIX_UNAVAILABLE' });
      expect(refused.json().message).toContain('no credits were taken');
    }
    expect(await video.balance(other)).toBe(before);
    expect((await db().query('SELECT COUNT(*) AS n FROM video_tasks WHERE user_id = ?', [other.user.id]))[0].n).toBe(
      tasksBefore,
    );
    expect(Number((await shareRow(id))!.remixes)).toBe(3);
  });

  it('offers the first frame only when its owner allows it', async () => {
    const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const image = { data: png, filename: 'first.png', type: 'image/png' };
    const task = await made('from a picture', owner, { image }, 'veo3-fast-frames');
    const { id } = await share(task.id);
    expect((await get(`/v/${id}/first-frame`)).statusCode).toBe(404);
    expect((await get(`/api/share/${id}/remix`)).json().data).toMatchObject({
      has_first_frame: true,
      first_frame_url: null,
    });
    expect((await get(`/v/${id}`)).body).toContain(`type=text&amp;remix=${id}`);

    const allowed = await api('PATCH', `/api/share/${id}`, owner, { allow_image_remix: true });
    expect(allowed.json().data.allow_image_remix).toBe(true);
    const frame = await get(`/v/${id}/first-frame`);
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('image/png');
    expect(frame.rawPayload.equals(png)).toBe(true);
    expect((await get(`/api/share/${id}/remix`)).json().data.first_frame_url).toBe(`/v/${id}/first-frame`);
    expect((await get(`/v/${id}`)).body).toContain(`type=image&amp;remix=${id}`);

    // A video made from text alone cannot offer one.
    const text = await made('from text');
    expect((await share(text.id, owner, { allow_image_remix: true })).allow_image_remix).toBe(false);

    // The poster, when the video has one, is served beside it.
    writeFileSync(join(t.config.dataDir, 'videos', `${task.id}.jpg`), png);
    await db().query('UPDATE video_tasks SET poster_path = ? WHERE id = ?', [`${task.id}.jpg`, task.id]);
    expect((await get(`/v/${id}/poster.jpg`)).statusCode).toBe(200);
    expect((await get(`/v/${id}`)).body).toContain(`poster="/v/${id}/poster.jpg"`);
  });

  it('a video deleted from History takes its share with it for good', async () => {
    const task = await made('soon deleted');
    const { id } = await share(task.id);
    expect((await api('DELETE', `/api/video/tasks/${task.id}`, owner)).statusCode).toBe(200);
    expect((await get(`/v/${id}`)).statusCode).toBe(404);
    expect((await get(`/v/${id}/video.mp4`)).statusCode).toBe(404);
    expect(await shareRow(id)).toBeUndefined();
    // Undo brings the video back, not its public link.
    expect((await api('POST', `/api/video/tasks/${task.id}/restore`, owner)).statusCode).toBe(200);
    expect((await get(`/v/${id}`)).statusCode).toBe(404);
  });

  it("the data export lists the user's shares, and account deletion takes them all at once", async () => {
    const leaving = await user('leaving@example.com', 'Grace', 200);
    const task = await made('goodbye video', leaving);
    const { id } = await share(task.id, leaving);
    await api('DELETE', `/api/share/${id}`, leaving);
    const live = await share(task.id, leaving);

    const section = t.app
      .get(AccountExportSections, { strict: false })
      .list(() => undefined)
      .find((s) => s.name === 'shared_videos')!;
    const rows = (await section.page(leaving.user.id, 0, 10)) as Record<string, unknown>[];
    expect(rows.map((r) => r.id)).toEqual([id, live.id]);
    expect(rows[0]).toMatchObject({ task_id: task.id, prompt: 'goodbye video', creator_name: 'Grace', views: 0 });
    expect(rows[0]!.unshared_at).not.toBeNull();
    expect(rows[1]!.unshared_at).toBeNull();

    const deleted = await api('POST', '/api/account/delete', leaving, { email: 'leaving@example.com' });
    expect(deleted.statusCode).toBe(200);
    expect((await get(`/v/${live.id}`)).statusCode).toBe(404);
    expect((await get(`/v/${live.id}/video.mp4`)).statusCode).toBe(404);
    expect(await db().query('SELECT id FROM shared_videos WHERE user_id = ?', [leaving.user.id])).toEqual([]);
  });
});
