import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { BlogPostEntity } from '../src/blog/blog-post.entity';
import { BlogService } from '../src/blog/blog.service';
import { BlogPostSchema } from '@veo3/contracts/blog';
import { dataSourceOptions } from '../src/database/data-source-options';
import { migrations } from '../src/database/migrations';
import { BlogTagsLength1763684600000 } from '../src/database/migrations/1763684600000-blog-tags-length';
import { createFakeWebBuild } from './support/fake-web-build';
import { multipart } from './support/multipart';
import { devSignIn, type SignedIn } from './support/sign-in';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

interface JsonSchema {
  type?: string;
  maxLength?: number;
  maxItems?: number;
  enum?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
}

/** What the request schema accepts at most, field by field (its JSON schema, as the OpenAPI document shows it). */
function schemaLimits() {
  const { properties } = z.toJSONSchema(BlogPostSchema, { io: 'input' }) as JsonSchema;
  const field = (name: string) => {
    const schema = properties![name]!;
    return schema.anyOf?.find((s) => s.type === 'string') ?? schema;
  };
  const text = Object.fromEntries(
    Object.keys(properties!)
      .filter((name) => field(name).maxLength !== undefined)
      .map((name) => [name, field(name).maxLength!]),
  );
  return {
    text,
    statuses: field('status').enum!,
    tags: field('tags').maxItems!,
    tag: field('tags').items!.maxLength!,
  };
}

/** MySQL's MEDIUMTEXT, in bytes. */
const MEDIUMTEXT_BYTES = 16_777_215;
/** The sanitizer's largest growth: a `"` inside an attribute becomes `&quot;`. */
const SANITIZED_BYTES_PER_CHARACTER = 6;

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();

/** An e-mail address whose part before the @ is longer than the author-name column. */
const LONG_LOCAL_PART = 'l'.repeat(230);

describe.each(databaseKinds())('blog on %s', (kind) => {
  let t: TestApp;
  let editor: SignedIn;
  let reader: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      WEB_DIR: createFakeWebBuild(),
      BLOG_ADMIN_EMAILS: `editor@example.com,mallory@example.com,${LONG_LOCAL_PART}@example.com`,
      SIGNIN_RATE_LIMIT: '1000',
    });
    editor = await devSignIn(t.app, 'editor@example.com', 'Eddie Editor');
    reader = await devSignIn(t.app, 'reader@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const save = (body: object, id?: number, user = editor) =>
    t.app.inject({
      method: id ? 'PUT' : 'POST',
      url: id ? `/api/blog/admin/posts/${id}` : '/api/blog/admin/posts',
      headers: user.auth,
      payload: body,
    });
  const post = async (body: object) => {
    const res = await save({ content: '<p>Body</p>', status: 'published', ...body });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number; slug: string; published_at: string | null };
  };
  const upload = (
    url: string,
    data: Buffer,
    user: SignedIn | null = editor,
    filename = 'a.png',
    type = 'image/png',
  ) => {
    const form = multipart({}, { image: { data, filename, type } });
    return t.app.inject({ method: 'POST', url, headers: { ...form.headers, ...user?.auth }, payload: form.payload });
  };

  it('every admin route is for blog managers only', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/blog/admin/posts'],
      ['GET', '/api/blog/admin/posts/1'],
      ['POST', '/api/blog/admin/posts'],
      ['PUT', '/api/blog/admin/posts/1'],
      ['DELETE', '/api/blog/admin/posts/1'],
      ['POST', '/api/blog/admin/upload'],
      ['POST', '/api/blog/upload-image'],
    ];
    for (const [method, url] of routes) {
      const visitor = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect([method, url, visitor.statusCode]).toEqual([method, url, 401]);
      const user = await t.app.inject({ method: method as 'GET', url, headers: reader.auth });
      expect([method, url, user.statusCode]).toEqual([method, url, 403]);
      expect(user.json().message).toBe('You do not have blog management permissions');
    }
    expect((await get('/api/blog/admin/posts', editor.auth)).statusCode).toBe(200);
  });

  it('validates the article with clear messages and saves nothing bad', async () => {
    const cases: [object, string][] = [
      [{ content: '<p>x</p>' }, 'Title is required'],
      [{ title: '  ', content: '<p>x</p>' }, 'Title is required'],
      [{ title: 'x'.repeat(201), content: '<p>x</p>' }, 'Title must be at most 200 characters'],
      [{ title: 'T' }, 'Content is required'],
      [{ title: 'T', content: 'x', excerpt: 'e'.repeat(501) }, 'Excerpt must be at most 500 characters'],
      [{ title: 'T', content: 'x', meta_title: 'm'.repeat(71) }, 'SEO title must be at most 70 characters'],
      [
        { title: 'T', content: 'x', meta_description: 'd'.repeat(161) },
        'SEO description must be at most 160 characters',
      ],
      [{ title: 'T', content: 'x', status: 'live' }, 'Status must be draft, published or archived'],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await get('/api/blog/admin/posts', editor.auth)).json().data).toHaveLength(0);
  });

  it('stores sanitized HTML with the manager as author, and publishes with a date', async () => {
    const res = await save({
      title: 'Safe article',
      content:
        '<h2>Hi</h2><p onclick="steal()">text<script>alert(1)</script></p><img src="x" onerror="alert(1)">' +
        '<a href="javascript:alert(1)">bad</a><img src="data:image/png;base64,AAAA"><a href="https://ok.test">ok</a>',
      status: 'published',
      tags: ['veo', 'veo', 'guide'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Article created');
    const saved = res.json().data;
    expect(saved.content).toBe(
      '<h2>Hi</h2><p>text</p><img src="x" /><a>bad</a><img /><a href="https://ok.test">ok</a>',
    );
    expect(saved).toMatchObject({
      slug: 'safe-article',
      author_name: 'Eddie Editor',
      status: 'published',
      tags: ['veo', 'guide'],
      view_count: 0,
    });
    expect(Date.now() - new Date(saved.published_at).getTime()).toBeLessThan(60_000);
    const shown = (await get('/api/blog/posts/safe-article')).json().data;
    expect(shown.content).toBe(saved.content);
  });

  it("makes slugs from titles, Chinese through pinyin, unique, and keeps a published post's slug", async () => {
    expect((await post({ title: 'AI视频生成器 指南' })).slug).toBe('ai-shi-pin-sheng-cheng-qi-zhi-nan');
    expect((await post({ title: 'Same Title' })).slug).toBe('same-title');
    expect((await post({ title: 'Same title!' })).slug).toBe('same-title-2');
    expect((await post({ title: 'same  title' })).slug).toBe('same-title-3');
    expect((await post({ title: '？！' })).slug).toBe('untitled-post');

    const published = await post({ title: 'Original name' });
    const renamed = await save({ title: 'A new name', content: '<p>x</p>', status: 'published' }, published.id);
    expect(renamed.json()).toMatchObject({
      message: 'Article updated',
      data: { slug: 'original-name', title: 'A new name' },
    });
    expect(renamed.json().data.published_at).toBe(published.published_at);

    const draft = await post({ title: 'Draft name', status: 'draft' });
    expect(draft.published_at).toBeNull();
    const redrafted = await save({ title: 'Better draft name', content: '<p>x</p>', status: 'draft' }, draft.id);
    expect(redrafted.json().data.slug).toBe('better-draft-name');
  });

  it('shows the public only published posts: list, post, sitemap, RSS and pages', async () => {
    const live = await post({ title: 'Live post', excerpt: 'Live excerpt' });
    const draft = await post({ title: 'Hidden draft', status: 'draft' });
    const archived = await post({ title: 'Old archived', status: 'archived' });

    const list = (await get('/api/blog/posts?page=1&limit=50')).json().data;
    const slugs = list.posts.map((p: { slug: string }) => p.slug);
    expect(slugs[0]).toBe(live.slug);
    expect(slugs).not.toContain(draft.slug);
    expect(slugs).not.toContain(archived.slug);
    expect(list.posts[0].content).toBeUndefined();
    expect(list.pagination).toEqual({ page: 1, pages: 1, total: slugs.length, limit: 50 });
    expect((await get('/api/blog/posts?limit=51')).statusCode).toBe(400);

    for (const slug of [draft.slug, archived.slug, 'no-such-post']) {
      const res = await get(`/api/blog/posts/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'BLOG_POST_NOT_FOUND', message: 'Article not found' });
      expect((await get(`/blog/${slug}`)).statusCode).toBe(404);
    }
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>http://localhost:3000/blog/${live.slug}</loc><lastmod>`);
    expect(sitemap).not.toContain(draft.slug);
    expect(sitemap).toContain('<loc>http://localhost:3000/pricing</loc>');
    const rss = await get('/rss.xml');
    expect(rss.headers['content-type']).toContain('application/rss+xml');
    expect(rss.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(rss.body).toContain(`<link>http://localhost:3000/blog/${live.slug}</link>`);
    expect(rss.body).toContain('<description>Live excerpt</description>');
    expect(rss.body).not.toContain(archived.slug);
    const robots = (await get('/robots.txt')).body;
    expect(robots).toContain('Disallow: /blog-admin');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('pages at 12 with the newest published first', async () => {
    const page1 = (await get('/api/blog/posts?page=1&limit=12')).json().data;
    const total = page1.pagination.total;
    expect(page1.posts.length).toBe(Math.min(12, total));
    const last = (await get(`/api/blog/posts?page=${page1.pagination.pages}&limit=12`)).json().data;
    expect(last.posts.length).toBe(total - 12 * (page1.pagination.pages - 1));
    const dates = page1.posts.map((p: { published_at: string }) => p.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('serves the article in the HTML with title, description, canonical, Open Graph and JSON-LD', async () => {
    const image = (await upload('/api/blog/admin/upload', await png())).json().data.url;
    const live = await post({
      title: 'Crawlable <post>',
      meta_title: 'SEO title here',
      meta_description: 'What crawlers read',
      content: '<h2>Section</h2><p>Article body words</p>',
      featured_image: image,
      tags: ['seo'],
    });
    const page = await get(`/blog/${live.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<title>SEO title here | Veo 3 Studio</title>');
    expect(html).toContain('<meta name="description" content="What crawlers read" />');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/blog/${live.slug}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(`<meta property="og:image" content="http://localhost:3000${image}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({ '@type': 'BlogPosting', headline: 'Crawlable <post>', keywords: 'seo' });
    expect(html).toContain('<h1>Crawlable &lt;post&gt;</h1>');
    expect(html).toContain('<div><h2>Section</h2><p>Article body words</p></div>');
    expect(html).not.toContain('noindex');

    const listPage = (await get('/blog')).body;
    expect(listPage).toContain(`<a href="/blog/${live.slug}">Crawlable &lt;post&gt;</a>`);
    expect(listPage).not.toContain('Older articles');
    const published = (await get('/api/blog/posts')).json().data.pagination.total;
    for (let i = published; i <= 12; i++) await post({ title: `Filler ${i}` });
    const firstPage = (await get('/blog')).body;
    expect(firstPage).toContain('<link rel="canonical" href="http://localhost:3000/blog" />');
    expect(firstPage).toContain('<a href="/blog?page=2">Older articles</a>');
    const page2 = (await get('/blog?page=2')).body;
    expect(page2).toContain('<link rel="canonical" href="http://localhost:3000/blog?page=2" />');
    expect(page2).toContain('<title>Blog – Page 2 | Veo 3 Studio</title>');
    expect(page2).not.toContain(`<a href="/blog/${live.slug}">`);
  });

  it('answers If-None-Match with 304, and shows an admin change at once', async () => {
    const live = await post({ title: 'Cached post' });
    const first = await get(`/api/blog/posts/${live.slug}`);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    // The repeat read comes from the cache before routing, with the same bytes and headers.
    const repeat = await get(`/api/blog/posts/${live.slug}`);
    expect(repeat.body).toBe(first.body);
    for (const header of [
      'etag',
      'cache-control',
      'content-type',
      'content-security-policy',
      'x-content-type-options',
    ]) {
      expect([header, repeat.headers[header]]).toEqual([header, first.headers[header]]);
    }
    expect(first.headers['content-security-policy']).toBeTruthy();
    const again = await get(`/api/blog/posts/${live.slug}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const pageEtag = (await get(`/blog/${live.slug}`)).headers.etag as string;
    expect((await get(`/blog/${live.slug}`, { 'if-none-match': pageEtag })).statusCode).toBe(304);

    await save({ title: 'Cached post, edited', content: '<p>New words</p>', status: 'published' }, live.id);
    const changed = await get(`/api/blog/posts/${live.slug}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ title: 'Cached post, edited', content: '<p>New words</p>' });
    expect((await get(`/blog/${live.slug}`)).body).toContain('Cached post, edited');

    await save({ title: 'Cached post, edited', content: '<p>x</p>', status: 'archived' }, live.id);
    expect((await get(`/api/blog/posts/${live.slug}`)).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/blog/admin/posts/${live.id}`, headers: editor.auth });
    expect(del.json()).toEqual({ success: true, message: 'Article deleted' });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/blog/admin/posts/${live.id}`, headers: editor.auth }))
        .statusCode,
    ).toBe(404);
  });

  it('counts every read, buffered and written in batches, none lost', async () => {
    const live = await post({ title: 'Popular post' });
    await Promise.all(Array.from({ length: 7 }, () => get(`/api/blog/posts/${live.slug}`)));
    const blog = t.app.get(BlogService);
    await blog.flushViews();
    const admin = (await get(`/api/blog/admin/posts/${live.id}`, editor.auth)).json().data;
    expect(admin.view_count).toBe(7);
  });

  it('checks uploads by their bytes, re-encodes them without metadata, and serves them for a year', async () => {
    const text = await upload('/api/blog/upload-image', Buffer.from('not an image at all'), editor, 'photo.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Please upload a JPEG, PNG, GIF or WebP image');
    const huge = await upload('/api/blog/upload-image', Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(huge.statusCode).toBe(413);
    const side = 16_000;
    const bomb = await sharp(Buffer.alloc(side * side), { raw: { width: side, height: side, channels: 1 } })
      .png()
      .toBuffer();
    const tooManyPixels = await upload('/api/blog/upload-image', bomb);
    expect(tooManyPixels.statusCode).toBe(413);
    expect(tooManyPixels.json()).toMatchObject({
      code: 'BLOG_IMAGE_TOO_LARGE',
      message: 'The image has more than 40 megapixels (width × height). Please choose a smaller image.',
    });

    const withExif = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .toBuffer();
    const res = await upload('/api/blog/upload-image', withExif, editor, 'p.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const { success, imageUrl } = res.json();
    expect(success).toBe(true);
    expect(imageUrl).toMatch(/^\/api\/blog\/images\/[0-9a-f-]{36}\.jpg$/);
    const served = await get(imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 2400, 800, undefined]);

    // A polyglot (a real PNG with a script after its end) is stored re-encoded: the payload is gone.
    const polyglot = Buffer.concat([await png(), Buffer.from('<script>alert(document.cookie)</script>')]);
    const cleaned = await upload('/api/blog/upload-image', polyglot);
    expect(cleaned.statusCode).toBe(200);
    const stored = await get(cleaned.json().imageUrl);
    expect(stored.headers['content-type']).toBe('image/png');
    expect(stored.rawPayload.includes(Buffer.from('<script>'))).toBe(false);

    const featured = await upload('/api/blog/admin/upload', await png());
    expect(featured.json()).toMatchObject({ success: true, data: { url: expect.stringMatching(/\.png$/) } });
    expect((await get('/api/blog/images/..%2F..%2Fveo3.sqlite')).statusCode).toBe(404);
  });

  it('has the columns the entity declares, and each holds the most its field accepts', async () => {
    const dataSource = t.app.get(DataSource);
    const runner = dataSource.createQueryRunner();
    const table = (await runner.getTable('blog_posts'))!;
    await runner.release();
    const metadata = dataSource.getMetadata(BlogPostEntity);
    const length = (name: string) => Number(table.findColumnByName(name)!.length);
    for (const column of metadata.columns.filter((c) => c.length)) {
      expect([column.databaseName, table.findColumnByName(column.databaseName)?.length]).toEqual([
        column.databaseName,
        column.length,
      ]);
    }

    // The schema's fields are named as the columns; zod counts code points, as MySQL's varchar does.
    const limits = schemaLimits();
    const { content, ...text } = limits.text;
    for (const [name, max] of Object.entries(text)) {
      expect({ name, fits: max <= length(name) }).toEqual({ name, fits: true });
    }
    expect(Math.max(...limits.statuses.map((s) => s.length))).toBeLessThanOrEqual(length('status'));
    // Tags are stored as JSON: brackets, commas, quotes, and `"` or `\` escaped to two characters...
    const worstTag = 2 + 2 * limits.tag;
    expect(2 + limits.tags * worstTag + (limits.tags - 1)).toBeLessThanOrEqual(length('tags'));
    // ...and nothing JSON would escape longer (controls, lone surrogates) is left in a tag.
    for (const c of ['"', '\\', '\u0001', '\u007f', '\u2028', '\uD800', '\uDC00', '😀', '视', '\u{E0041}']) {
      const tag = 'a' + c.repeat(limits.tag - 1);
      const json = JSON.stringify(BlogPostSchema.parse({ title: 'T', content: 'x', tags: [tag] }).tags[0]);
      expect({ c, fits: [...json].length <= worstTag }).toEqual({ c, fits: true });
    }
    if (kind === 'mysql') {
      expect(table.findColumnByName('content')!.type).toBe('mediumtext');
      expect(content! * SANITIZED_BYTES_PER_CHARACTER).toBeLessThanOrEqual(MEDIUMTEXT_BYTES);
    }
  });

  it('saves the largest post the schema accepts, in multi-byte characters, and reads it back intact', async () => {
    const limits = schemaLimits();
    const max = limits.text as Record<
      'title' | 'content' | 'excerpt' | 'featured_image' | 'meta_title' | 'meta_description',
      number
    >;
    // Three-byte characters, and a four-byte one that JavaScript counts as two (zod and MySQL as one).
    const fill = (length: number, c = '视') => c.repeat(length - 1) + '😀';
    const characters = (text: string) => [...text].length;
    const quotes = max.content - "<p><a title=''>x</a></p>".length;
    const body = {
      title: fill(max.title),
      // `"` in an attribute is stored as `&quot;`: six bytes for each character sent.
      content: `<p><a title='${'"'.repeat(quotes)}'>x</a></p>`,
      excerpt: `第一行\n${fill(max.excerpt - 4)}`,
      featured_image: `https://cdn.example.com/${'i'.repeat(max.featured_image - 28)}.png`,
      status: 'draft',
      meta_title: fill(max.meta_title, 'é'),
      meta_description: fill(max.meta_description, 'ü'),
      // Every tag different (repeats are merged), each at the limit, quotes and backslashes escaped in JSON.
      tags: [
        fill(limits.tag, '标'),
        ...Array.from({ length: limits.tags - 1 }, (_, i) => '"'.repeat(limits.tag - i) + '\\'.repeat(i)),
      ],
    };
    expect(characters(body.title)).toBe(max.title);
    expect(body.content.length).toBe(max.content);
    expect(body.featured_image.length).toBe(max.featured_image);
    expect(characters(body.excerpt)).toBe(max.excerpt);
    expect(characters(body.meta_title)).toBe(max.meta_title);
    expect(characters(body.meta_description)).toBe(max.meta_description);
    expect(body.tags.every((tag) => characters(tag) === limits.tag)).toBe(true);

    const res = await save(body);
    expect([res.statusCode, res.statusCode === 201 ? '' : res.body]).toEqual([201, '']);
    const { id } = res.json().data;
    const stored = (await get(`/api/blog/admin/posts/${id}`, editor.auth)).json().data;
    expect(stored).toMatchObject({
      title: body.title,
      excerpt: body.excerpt,
      featured_image: body.featured_image,
      meta_title: body.meta_title,
      meta_description: body.meta_description,
      tags: body.tags,
    });
    expect(stored.content).toBe(`<p><a title="${'&quot;'.repeat(quotes)}">x</a></p>`);
  });

  it('refuses what does not fit with a clear 400, and leaves the post as it was', async () => {
    const limits = schemaLimits();
    const { id } = await post({ title: 'Kept as it was', tags: ['kept'] });
    const before = (await get(`/api/blog/admin/posts/${id}`, editor.auth)).json().data;
    const cases: [object, string][] = [
      [{ tags: Array.from({ length: limits.tags + 1 }, (_, i) => `tag ${i}`) }, `At most ${limits.tags} tags`],
      [{ tags: ['x'.repeat(limits.tag + 1)] }, `A tag must be at most ${limits.tag} characters`],
      [{ tags: ['😀'.repeat(limits.tag + 1)] }, `A tag must be at most ${limits.tag} characters`],
      [{ tags: [' \u200B\u202E '] }, 'A tag cannot be empty'],
      [{ title: '视'.repeat(limits.text.title! + 1) }, `Title must be at most ${limits.text.title} characters`],
      [{ title: '\u202E\u200B\u0000' }, 'Title is required'],
    ];
    for (const [change, message] of cases) {
      const res = await save({ title: 'Changed', content: '<p>Changed</p>', status: 'published', ...change }, id);
      expect([res.statusCode, res.json().message]).toEqual([400, expect.stringContaining(message)]);
    }
    expect((await get(`/api/blog/admin/posts/${id}`, editor.auth)).json().data).toEqual(before);
  });

  it('strips control and bidirectional-override characters from tags and plain-text fields, not from the HTML', async () => {
    const res = await save({
      title: '\u200B Quarterly\u202E report\u0000 ',
      content: '<p>Body\u200Btext</p>',
      excerpt: 'Line one\r\nLine\u0007 two\u2066',
      meta_title: 'Meta\u2067 title\uFEFF',
      meta_description: 'Described\non\u202D two lines',
      tags: ['veo\u200B', 'veo', 'gpj\u202Eexe', 'team\u200D', '\u0085news'],
    });
    expect(res.statusCode).toBe(201);
    const saved = (await get(`/api/blog/admin/posts/${res.json().data.id}`, editor.auth)).json().data;
    expect(saved).toMatchObject({
      title: 'Quarterly report',
      excerpt: 'Line one\nLine two',
      meta_title: 'Meta title',
      meta_description: 'Described on two lines',
      tags: ['veo', 'gpjexe', 'team', 'news'],
      content: '<p>Body\u200Btext</p>',
      author_name: 'Eddie Editor',
    });
  });

  it("shows the author's name without hidden characters, and within its column", async () => {
    const mallory = await devSignIn(t.app, 'mallory@example.com', 'Mallory\u202E\u200B Admin\u0007');
    const byMallory = await save({ title: 'By Mallory', content: '<p>x</p>' }, undefined, mallory);
    expect(byMallory.json().data.author_name).toBe('Mallory Admin');

    // No name: the part of the e-mail before the @, cut to what the column holds.
    const long = await devSignIn(t.app, `${LONG_LOCAL_PART}@example.com`);
    const byLong = await save({ title: 'By a long address', content: '<p>x</p>' }, undefined, long);
    expect(byLong.statusCode).toBe(201);
    const column = t.app.get(DataSource).getMetadata(BlogPostEntity).findColumnWithPropertyName('authorName')!;
    expect(byLong.json().data.author_name).toBe(LONG_LOCAL_PART.slice(0, Number(column.length)));
  });
});

describe.each(databaseKinds())('blog tags column migration on %s', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase(kind);
  });
  afterEach(() => db.drop());

  const open = async (upTo: number) => {
    const dataSource = new DataSource({
      ...dataSourceOptions(db.database, { migrationsRun: false }),
      migrations: migrations.slice(0, upTo),
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
    return dataSource;
  };
  const tagsOf = async (dataSource: DataSource) => {
    const runner = dataSource.createQueryRunner();
    const table = (await runner.getTable('blog_posts'))!;
    await runner.release();
    const rows: { tags: string }[] = await dataSource.query('SELECT tags FROM blog_posts');
    return { length: table.findColumnByName('tags')!.length, tags: rows.map((r) => r.tags) };
  };

  it('widens the column and keeps every stored tag, both ways', async () => {
    const index = migrations.indexOf(BlogTagsLength1763684600000);
    const before = await open(index);
    await before
      .createQueryBuilder()
      .insert()
      .into('blog_posts')
      .values({ slug: 'old', title: 'Old', content: '<p>x</p>', status: 'published', tags: '["kept","视频"]' })
      .execute();
    expect(await tagsOf(before)).toEqual({ length: '1000', tags: ['["kept","视频"]'] });
    await before.destroy();

    const after = await open(index + 1);
    expect(await tagsOf(after)).toEqual({ length: '2100', tags: ['["kept","视频"]'] });
    await after.undoLastMigration();
    expect(await tagsOf(after)).toEqual({ length: '1000', tags: ['["kept","视频"]'] });
    await after.destroy();
  });
});
