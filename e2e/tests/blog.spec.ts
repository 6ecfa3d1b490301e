import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { startSiteServer, type SiteServer } from '../support/site-server';

/**
 * The public blog against the real API. This file starts its own server, so the number of posts
 * is exactly what it creates (other files write articles on the shared one at the same time).
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

const EDITOR = 'editor@example.com';
const PUBLISHED = 14;
const LONG_EXCERPT = `${'Light, sound and motion in one take. '.repeat(4)}`.trim();
/** A 1×1 PNG, uploaded as the featured image of the article the tests open. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const ARTICLE_CONTENT =
  '<h2>Golden hour</h2>' +
  '<p>Shoot at golden hour for **warm** light and soft shadows.</p>' +
  '<ul><li>Plan the scene</li><li>Describe the sound</li></ul>' +
  '<blockquote><p>Sound is half the picture.</p></blockquote>' +
  `<pre><code>${'prompt: a red toy car races across a wooden table at sunset, '.repeat(4)}</code></pre>` +
  `<figure class="table"><table><tbody><tr>${'<td>Wide column of the comparison table</td>'.repeat(6)}</tr></tbody></table></figure>`;

interface CreatedPost {
  slug: string;
  title: string;
}

let server: SiteServer;
let token: string;
const published: CreatedPost[] = [];
let featured: CreatedPost;
let draft: CreatedPost;

async function api<T>(path: string, init: { method?: string; body?: unknown; form?: FormData } = {}): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body || init.form ? 'POST' : 'GET'),
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
    },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function createPost(body: Record<string, unknown>): Promise<CreatedPost> {
  const reply = await api<{ success: boolean; data: CreatedPost }>('/api/blog/admin/posts', {
    body: { excerpt: '', featured_image: null, meta_title: '', meta_description: '', tags: [], ...body },
  });
  expect(reply.success).toBe(true);
  return { slug: reply.data.slug, title: reply.data.title };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startSiteServer({ BLOG_ADMIN_EMAILS: EDITOR, SIGNIN_RATE_LIMIT: '1000' });
  token = '';
  ({ token } = await api<{ token: string }>('/api/auth/dev', { body: { email: EDITOR } }));

  const form = new FormData();
  form.append('image', new Blob([PNG], { type: 'image/png' }), 'cover.png');
  const cover = await api<{ data: { url: string } }>('/api/blog/admin/upload', { form });

  for (let n = 1; n < PUBLISHED; n++) {
    published.push(
      await createPost({
        title: `Studio note ${String(n).padStart(2, '0')}`,
        content: `<p>Note number ${n} about AI video.</p>`,
        excerpt: n === 1 ? LONG_EXCERPT : `Short note ${n}.`,
        status: 'published',
        tags: ['Notes'],
      }),
    );
  }
  featured = await createPost({
    title: 'Lighting your first AI video',
    content: ARTICLE_CONTENT,
    excerpt: 'How light and sound shape a Veo 3 video.',
    featured_image: cover.data.url,
    status: 'published',
    meta_title: 'Lighting guide for AI video',
    meta_description: 'Golden hour, soft shadows and sound: a lighting guide for Veo 3 videos.',
    tags: ['Guides', 'Lighting'],
  });
  published.push(featured);
  draft = await createPost({ title: 'Unfinished draft article', content: '<p>Not yet.</p>', status: 'draft' });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The cards the blog remote rendered (the server's HTML for readers without JavaScript has its own list). */
const cards = (page: Page) => page.getByRole('region', { name: 'Articles' }).getByRole('article');
const cardTitles = async (page: Page) =>
  (await cards(page).getByRole('heading', { level: 2 }).allTextContents()).sort();

test('/blog lists 12 published posts, page 2 the rest; the pages are links and Back works; drafts never show', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(`${server.url}/blog`);
  await expect(cards(page)).toHaveCount(12);
  const first = await cardTitles(page);
  // Newest first: the last one published leads.
  await expect(cards(page).first().getByRole('heading')).toHaveText(featured.title);
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager.getByRole('button', { name: /^Page / })).toHaveText(['1', '2']);
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  expect(await page.title()).toBe('Blog | Veo 3 Studio');

  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(cards(page)).toHaveCount(PUBLISHED - 12);
  const second = await cardTitles(page);
  expect(new Set([...first, ...second])).toEqual(new Set(published.map((p) => p.title)));
  expect([...first, ...second]).toHaveLength(PUBLISHED);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${server.url}/blog?page=2`);

  // The excerpt is cut to 100 characters on the card.
  const longCard = cards(page).filter({ hasText: 'Studio note 01' });
  await expect(longCard.getByText(`${LONG_EXCERPT.slice(0, 100).trimEnd()}…`)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(cards(page)).toHaveCount(12);
  await page.goForward();
  await expect(cards(page)).toHaveCount(PUBLISHED - 12);

  // A page can be opened from its link.
  await page.goto(`${server.url}/blog?page=2`);
  await expect(cards(page)).toHaveCount(PUBLISHED - 12);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  await expect(page.getByText(draft.title)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('an article opens from the list with its content, tags, author, dates and view count; Back to Blog returns', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(`${server.url}/blog`);
  await cards(page).getByRole('link', { name: featured.title }).click();
  await expect(page).toHaveURL(`${server.url}/blog/${featured.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(featured.title);

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(breadcrumb.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Guides', 'Lighting']);
  await expect(page.getByText(/^Published /)).toBeVisible();
  await expect(page.getByText(/^\d[\d,]* views?$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Golden hour' })).toBeVisible();
  // The markdown marker in the article's text becomes bold.
  await expect(page.locator('article strong', { hasText: 'warm' })).toBeVisible();
  await expect(page.getByText('Sound is half the picture.')).toBeVisible();
  const cover = page.locator('article > img').first();
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  expect(await page.title()).toBe('Lighting guide for AI video | Veo 3 Studio');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${server.url}/blog/${featured.slug}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Golden hour, soft shadows and sound: a lighting guide for Veo 3 videos.',
  );

  await page.getByRole('link', { name: /Back to Blog/ }).click();
  await expect(page).toHaveURL(`${server.url}/blog`);
  await expect(cards(page)).toHaveCount(12);
  expect(consoleErrors).toEqual([]);
});

test('on a phone the article fits the screen: wide tables and code scroll inside the article', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${server.url}/blog/${featured.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(featured.title);
  await expect(page.locator('article table')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.goto(`${server.url}/blog`);
  await expect(cards(page)).toHaveCount(12);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('an unknown slug or a draft says Article not found, and the server answers 404', async ({ page }) => {
  const response = await page.goto(`${server.url}/blog/no-such-article`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article not found');
  await expect(page.getByRole('link', { name: /Back to Blog/ })).toHaveAttribute('href', '/blog');

  const apiReply = await page.request.get(`${server.url}/api/blog/posts/no-such-article`);
  expect(apiReply.status()).toBe(404);
  expect(await apiReply.json()).toMatchObject({ success: false, code: 'BLOG_POST_NOT_FOUND' });

  const draftPage = await page.goto(`${server.url}/blog/${draft.slug}`);
  expect(draftPage?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article not found');
  expect((await page.request.get(`${server.url}/api/blog/posts/${draft.slug}`)).status()).toBe(404);

  // In Chinese.
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  await page.goto(`${server.url}/blog/no-such-article`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('文章不存在');
  await expect(page.getByRole('link', { name: /返回博客/ })).toBeVisible();
});

test('the article HTML carries title, description, canonical, Open Graph tags and the text without JavaScript', async ({
  page,
  browser,
}) => {
  const res = await page.request.get(`${server.url}/blog/${featured.slug}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const description = 'Golden hour, soft shadows and sound: a lighting guide for Veo 3 videos.';
  expect(html).toMatch(/<title>Lighting guide for AI video[^<]*<\/title>/);
  expect(html).toContain(`<meta name="description" content="${description}"`);
  expect(html).toContain(`<link rel="canonical" href="${server.url}/blog/${featured.slug}"`);
  expect(html).toMatch(/<meta property="og:title" content="Lighting guide for AI video[^"]*"/);
  expect(html).toContain(`<meta property="og:description" content="${description}"`);
  expect(html).toContain(`<meta property="og:url" content="${server.url}/blog/${featured.slug}"`);
  expect(html).toContain('<meta property="og:type" content="article"');
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+"/);
  expect(html).toContain('Shoot at golden hour');
  expect(html).toContain('Sound is half the picture.');

  // A reader without JavaScript sees the article itself.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await context.newPage();
  await noJs.goto(`${server.url}/blog/${featured.slug}`);
  await expect(noJs.getByRole('heading', { level: 1 })).toHaveText(featured.title);
  await expect(noJs.getByText('Shoot at golden hour')).toBeVisible();
  await noJs.goto(`${server.url}/blog`);
  await expect(noJs.getByRole('link', { name: featured.title })).toBeVisible();
  await expect(noJs.getByText(draft.title)).toHaveCount(0);
  await context.close();
});
