import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { blogPostFixture } from '@veo3/platform/testing/blog-post.fixture';
import { signInForTest } from '@veo3/platform/testing/test-session';
import { fail, fakeApi, ok, type FakeRoute } from '../testing/fake-api';
import BlogAdminPage from './blog-admin-page';

jest.mock('../editor/rich-text-editor', () => require('../testing/fake-rich-text-editor'));

const POSTS = '/api/blog/admin/posts';
const published = blogPostFixture();
const draft = blogPostFixture({
  id: 8,
  slug: 'rough-notes',
  title: 'Rough notes',
  excerpt: null,
  status: 'draft',
  view_count: 0,
  tags: [],
  featured_image: null,
});

function Address() {
  return <p data-testid="address">{useLocation().pathname}</p>;
}

/** As the shell mounts it: the list and the editor are two routes, each its own mount of the page. */
function renderAdmin(path = '/blog-admin') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Address />
        <Routes>
          <Route path="/blog-admin" element={<BlogAdminPage key="list" />} />
          <Route path="/blog-admin/:id" element={<BlogAdminPage key="editor" />} />
          <Route path="/login" element={<p>Login screen</p>} />
          <Route path="/" element={<p>Home screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A manager's API: the probe and the list answer; `extra` adds or replaces routes. */
function managerApi(posts = [published, draft], extra: Record<string, FakeRoute> = {}) {
  return fakeApi({ [`GET ${POSTS}`]: ok({ success: true, data: posts }), ...extra });
}

const table = () => screen.findByRole('table', { name: 'Article List' });
const titleInput = () => screen.getByLabelText(/^Title/) as HTMLInputElement;
const contentInput = async () => (await screen.findByLabelText(/^Content/)) as HTMLTextAreaElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const address = () => screen.getByTestId('address').textContent;

let alertSpy: jest.SpyInstance;
let confirmSpy: jest.SpyInstance;

beforeAll(() => {
  // jsdom has <dialog> without showModal/close; these open and close it as a browser would (without the top layer).
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => {});
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});

afterEach(() => {
  alertSpy.mockRestore();
  confirmSpy.mockRestore();
});

describe('BlogAdminPage access (SPEC §6)', () => {
  it('sends a signed-out visitor to the login page without asking the server', () => {
    const api = managerApi();
    renderAdmin();
    expect(screen.getByText('Login screen')).toBeTruthy();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('probes with GET /api/blog/admin/posts?limit=1 and a Bearer token only, showing Loading... meanwhile', async () => {
    signInForTest({ can_manage_blog: true });
    const api = managerApi();
    renderAdmin();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await table();
    const probe = api.calls[0]!;
    expect(probe.url).toBe('/api/blog/admin/posts?limit=1');
    expect(probe.headers.get('Authorization')).toBe('Bearer test-token');
    expect(probe.headers.get('x-user-id')).toBeNull();
    expect(document.title).toBe('Blog Management | Veo 3 Studio');
  });

  it('a 403 alerts that the user has no blog permission and goes home', async () => {
    signInForTest({ can_manage_blog: false });
    fakeApi({ [`GET ${POSTS}`]: fail(403, 'Blog management permission required') });
    renderAdmin();
    expect(await screen.findByText('Home screen')).toBeTruthy();
    expect(alertSpy).toHaveBeenCalledTimes(1);
    expect(alertSpy).toHaveBeenCalledWith('You do not have blog management permissions');
  });

  it.each([
    [401, 'Sign in required'],
    [500, 'Internal error'],
  ])('any other failure (%i) goes to the login page without an alert', async (status, message) => {
    signInForTest({ can_manage_blog: true });
    fakeApi({ [`GET ${POSTS}`]: fail(status, message) });
    renderAdmin();
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('trusts the server over the stored user: a manager by the server gets in', async () => {
    signInForTest({ can_manage_blog: false });
    managerApi();
    renderAdmin();
    expect(await table()).toBeTruthy();
  });
});

describe('BlogAdminPage article list', () => {
  beforeEach(() => signInForTest({ can_manage_blog: true }));

  it('shows the header and every article with status, views and creation time', async () => {
    managerApi();
    renderAdmin();
    const list = await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Title', 'Status', 'Views', 'Created Time', 'Actions']);
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Make your first AI videoA short guide to writing prompts that give Veo 3 videos realistic sound.',
      'Rough notes',
    ]);
    expect(within(rows[0]!).getByText('Published')).toBeTruthy();
    expect(within(rows[1]!).getByText('Draft')).toBeTruthy();
  });

  it('a failed list load is not reported: the list is empty (SPEC §8)', async () => {
    fakeApi({
      [`GET ${POSTS}`]: (call) =>
        call.url.includes('limit=1') ? ok({ success: true, data: [] })() : fail(500, 'Database down')(),
    });
    renderAdmin();
    const list = await table();
    expect(within(list).getByText('No articles yet')).toBeTruthy();
    expect(alertSpy).not.toHaveBeenCalled();
    expect(screen.queryByText(/Database down/)).toBeNull();
  });

  it('deletes after confirmation, shows the server message and reloads the list', async () => {
    let posts = [published, draft];
    const api = fakeApi({
      [`GET ${POSTS}`]: () => ok({ success: true, data: posts })(),
      [`DELETE ${POSTS}/:id`]: () => {
        posts = [draft];
        return ok({ success: true, message: 'Article deleted' })();
      },
    });
    renderAdmin();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Make your first AI video”' }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this article?');
    expect(await screen.findByText('Article deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Make your first AI video')).toBeNull());
    const [remove] = api.callsTo(`DELETE ${POSTS}/:id`);
    expect(remove!.path).toBe('/api/blog/admin/posts/7');
    expect(remove!.headers.get('Authorization')).toBe('Bearer test-token');
    expect(api.callsTo(`GET ${POSTS}`).length).toBeGreaterThanOrEqual(3);
  });

  it('does nothing when the deletion is not confirmed', async () => {
    confirmSpy.mockReturnValue(false);
    const api = managerApi();
    renderAdmin();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Rough notes”' }));
    expect(api.callsTo(`DELETE ${POSTS}/:id`)).toHaveLength(0);
  });

  it('alerts "Delete failed: " with the reason', async () => {
    managerApi(undefined, { [`DELETE ${POSTS}/:id`]: fail(404, 'Article not found') });
    renderAdmin();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Rough notes”' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Delete failed: Article not found'));
    expect(screen.getByText('Rough notes')).toBeTruthy();
  });
});

describe('BlogAdminPage editing', () => {
  beforeEach(() => signInForTest({ can_manage_blog: true }));

  it('opens a blank new-article form with every field, status Draft', async () => {
    managerApi();
    renderAdmin();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'New Article' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(titleInput().value).toBe('');
    expect(titleInput().required).toBe(true);
    expect((await contentInput()).value).toBe('');
    expect((screen.getByLabelText(/^Excerpt/) as HTMLTextAreaElement).rows).toBe(3);
    expect((screen.getByLabelText('Featured Image') as HTMLInputElement).type).toBe('file');
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(status.value).toBe('draft');
    expect(Array.from(status.options).map((o) => o.textContent)).toEqual(['Draft', 'Published', 'Archived']);
    expect(screen.getByLabelText(/^SEO Title/)).toBeTruthy();
    expect(screen.getByLabelText(/^SEO Description/)).toBeTruthy();
  });

  it('enables Save only once title and content are both filled in', async () => {
    managerApi();
    renderAdmin();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    const content = await contentInput();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(titleInput(), { target: { value: 'My first article' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(content, { target: { value: '<p>&nbsp;</p>' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(content, { target: { value: '<p>Hello</p>' } });
    expect(saveButton().disabled).toBe(false);
    fireEvent.change(titleInput(), { target: { value: '   ' } });
    expect(saveButton().disabled).toBe(true);
  });

  it('creates with POST, shows the reply message, and returns to a reloaded list', async () => {
    let posts = [draft];
    const api = fakeApi({
      [`GET ${POSTS}`]: () => ok({ success: true, data: posts })(),
      [`POST ${POSTS}`]: (call) => {
        posts = [blogPostFixture({ id: 9, title: 'Veo 3 声音', slug: 'veo-3-sheng-yin' }), draft];
        return ok({ success: true, data: { ...posts[0], ...(call.json as object) }, message: 'Article created' })();
      },
    });
    renderAdmin();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    const content = await contentInput();
    fireEvent.change(titleInput(), { target: { value: 'Veo 3 声音' } });
    expect(screen.getByTestId('url-preview').textContent).toBe('http://localhost/blog/veo-3-sheng-yin');
    fireEvent.change(content, { target: { value: '<h2>Sound</h2><p><strong>On</strong></p>' } });
    fireEvent.change(screen.getByLabelText(/^Excerpt/), { target: { value: 'Short' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'published' } });
    fireEvent.change(screen.getByLabelText(/^SEO Title/), { target: { value: 'SEO' } });
    fireEvent.change(screen.getByLabelText(/^SEO Description/), { target: { value: 'Desc' } });
    fireEvent.click(saveButton());

    expect(await screen.findByText('Article created')).toBeTruthy();
    const [create] = api.callsTo(`POST ${POSTS}`);
    expect(create!.json).toEqual({
      title: 'Veo 3 声音',
      content: '<h2>Sound</h2><p><strong>On</strong></p>',
      excerpt: 'Short',
      featured_image: null,
      status: 'published',
      meta_title: 'SEO',
      meta_description: 'Desc',
      tags: [],
    });
    expect(create!.headers.get('Authorization')).toBe('Bearer test-token');
    expect(create!.headers.get('Content-Type')).toBe('application/json');
    expect(await screen.findByText('Veo 3 声音')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Article List' })).toBeTruthy();

    // The form was reset: a new article starts blank again.
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    await contentInput();
    expect(titleInput().value).toBe('');
  });

  it('edits with PUT, keeping the tags and showing the stored address', async () => {
    const api = managerApi(undefined, {
      [`PUT ${POSTS}/:id`]: ok({ success: true, data: published, message: 'Article updated' }),
    });
    renderAdmin();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Edit “Make your first AI video”' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Edit Article' })).toBeTruthy();
    expect((await contentInput()).value).toBe(published.content);
    fireEvent.change(titleInput(), { target: { value: 'A new title' } });
    // A stored article keeps its address.
    expect(screen.getByTestId('url-preview').textContent).toBe('http://localhost/blog/make-your-first-ai-video');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Article updated')).toBeTruthy();
    const [update] = api.callsTo(`PUT ${POSTS}/:id`);
    expect(update!.path).toBe('/api/blog/admin/posts/7');
    expect(update!.json).toEqual({
      title: 'A new title',
      content: published.content,
      excerpt: published.excerpt,
      featured_image: published.featured_image,
      status: 'published',
      meta_title: '',
      meta_description: '',
      tags: ['Guides', 'Prompts'],
    });
  });

  it('alerts "Save failed: " with the server message and keeps what was typed', async () => {
    managerApi(undefined, { [`POST ${POSTS}`]: fail(400, 'Title must be at most 200 characters') });
    renderAdmin();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    const content = await contentInput();
    fireEvent.change(titleInput(), { target: { value: 'Kept' } });
    fireEvent.change(content, { target: { value: '<p>Body</p>' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Save failed: Title must be at most 200 characters'));
    expect(titleInput().value).toBe('Kept');
    expect(saveButton().disabled).toBe(false);
  });

  it.each(['Cancel', 'Back to List'])('%s with nothing changed returns to the list at once', async (button) => {
    managerApi();
    renderAdmin();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    await contentInput();
    fireEvent.change(titleInput(), { target: { value: 'Typed' } });
    fireEvent.change(titleInput(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(button) }));
    expect(await table()).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(address()).toBe('/blog-admin');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Article List' }));
  });

  it.each(['Cancel', 'Back to List'])('%s with unsaved changes asks first; Keep editing keeps them', async (button) => {
    managerApi();
    renderAdmin();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Edit “Rough notes”' }));
    await contentInput();
    fireEvent.change(titleInput(), { target: { value: 'Unsaved idea' } });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(button) }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    expect(within(dialog).getByText(/have not been saved/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(titleInput().value).toBe('Unsaved idea');
    expect(address()).toBe('/blog-admin/8');

    fireEvent.click(screen.getByRole('button', { name: new RegExp(button) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(await table()).toBeTruthy();
    expect(address()).toBe('/blog-admin');
    fireEvent.click(screen.getByRole('button', { name: 'Edit “Rough notes”' }));
    await contentInput();
    expect(titleInput().value).toBe('Rough notes');
  });

  it('asks before a link takes unsaved changes away, and follows it once they are discarded', async () => {
    managerApi();
    renderAdmin();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    fireEvent.change(await contentInput(), { target: { value: '<p>Draft</p>' } });
    fireEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).toBeTruthy();
    expect(address()).toBe('/blog-admin/new');
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText('Home screen')).toBeTruthy();
  });

  it('asks the browser to confirm closing or reloading the tab only while there are unsaved changes', async () => {
    managerApi();
    renderAdmin();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    await contentInput();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(titleInput(), { target: { value: 'Unsaved idea' } });
    expect(unload()).toBe(true);
  });

  it('has an address of its own: /blog-admin/new and /blog-admin/<id> open the editor directly', async () => {
    managerApi();
    renderAdmin('/blog-admin/8');
    expect(await screen.findByRole('heading', { level: 2, name: 'Edit Article' })).toBeTruthy();
    await contentInput();
    expect(titleInput().value).toBe('Rough notes');
    fireEvent.click(screen.getByRole('button', { name: 'Back to List' }));
    expect(await table()).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'New Article' })).toBeTruthy();
    expect(address()).toBe('/blog-admin/new');
  });

  it('an address of no article says so, with a way back to the list', async () => {
    managerApi();
    renderAdmin('/blog-admin/999');
    expect((await screen.findByRole('alert')).textContent).toContain('This article does not exist or was deleted.');
    fireEvent.click(screen.getByRole('link', { name: 'Back to List' }));
    expect(await table()).toBeTruthy();
  });

  it('speaks Chinese throughout in zh-CN', async () => {
    act(() => setLanguage('zh-CN'));
    managerApi();
    renderAdmin();
    expect(await screen.findByRole('table', { name: '文章列表' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新建文章' }));
    expect(await screen.findByRole('heading', { level: 2, name: '新建文章' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '保存' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^标题/), { target: { value: '未保存' } });
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    const dialog = await screen.findByRole('dialog', { name: '放弃未保存的更改？' });
    expect(within(dialog).getByRole('button', { name: '继续编辑' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '放弃更改' })).toBeTruthy();
  });
});
