import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { blogPostFixture } from '@veo3/platform/testing/blog-post.fixture';
import { signInForTest } from '@veo3/platform/testing/test-session';
import { fail, fakeApi, ok } from '../testing/fake-api';
import { ArticleForm } from './article-form';

jest.mock('../editor/rich-text-editor', () => require('../testing/fake-rich-text-editor'));

const noop = () => {};
const contentInput = async () => (await screen.findByLabelText(/^Content/)) as HTMLTextAreaElement;

let alertSpy: jest.SpyInstance;

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  signInForTest({ can_manage_blog: true });
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => {});
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:local'), revokeObjectURL: jest.fn() });
});

afterEach(() => alertSpy.mockRestore());

describe('ArticleForm', () => {
  it('loads the fields of the article being edited', async () => {
    const post = blogPostFixture({ meta_title: 'SEO title', meta_description: 'SEO text', status: 'archived' });
    render(
      <MemoryRouter>
        <ArticleForm post={post} saving={false} onCancel={noop} onSave={noop} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Edit Article' })).toBeTruthy();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Make your first AI video');
    expect((screen.getByLabelText(/^Excerpt/) as HTMLTextAreaElement).value).toBe(post.excerpt);
    expect((await contentInput()).value).toBe(post.content);
    expect((screen.getByLabelText(/^SEO Title/) as HTMLInputElement).value).toBe('SEO title');
    expect((screen.getByLabelText(/^SEO Description/) as HTMLTextAreaElement).value).toBe('SEO text');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('archived');
    expect(screen.getByRole('img', { name: 'Chosen featured image' }).getAttribute('src')).toBe(post.featured_image);
  });

  it('saves what was entered, tags included', async () => {
    const onSave = jest.fn();
    render(
      <MemoryRouter>
        <ArticleForm post={blogPostFixture()} saving={false} onCancel={noop} onSave={onSave} />
      </MemoryRouter>,
    );
    await contentInput();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'draft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      title: 'Make your first AI video',
      content: '<p>Start with a **clear** subject.</p>',
      excerpt: 'A short guide to writing prompts that give Veo 3 videos realistic sound.',
      featured_image: 'https://cdn.example.com/cover.jpg',
      status: 'draft',
      meta_title: '',
      meta_description: '',
      tags: ['Guides', 'Prompts'],
    });
  });

  it('does not save twice while a save is on its way', async () => {
    const onSave = jest.fn();
    render(
      <MemoryRouter>
        <ArticleForm post={blogPostFixture()} saving onCancel={noop} onSave={onSave} />
      </MemoryRouter>,
    );
    await contentInput();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(save.getAttribute('aria-busy')).toBe('true');
  });

  it('moves focus to its heading when it opens', async () => {
    render(
      <MemoryRouter>
        <ArticleForm post={null} saving={false} onCancel={noop} onSave={noop} />
      </MemoryRouter>,
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'New Article' }));
    await contentInput();
  });

  it('shows the pinyin address of a new title, untitled-post when empty', async () => {
    render(
      <MemoryRouter>
        <ArticleForm post={null} saving={false} onCancel={noop} onSave={noop} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('url-preview').textContent).toBe('http://localhost/blog/untitled-post');
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: '人工智能 Video: Sound On!' } });
    expect(screen.getByTestId('url-preview').textContent).toBe(
      'http://localhost/blog/ren-gong-zhi-neng-video-sound-on',
    );
    await contentInput();
  });

  it('keeps each text within the server limits and counts its characters', async () => {
    render(
      <MemoryRouter>
        <ArticleForm post={null} saving={false} onCancel={noop} onSave={noop} />
      </MemoryRouter>,
    );
    const limits: [RegExp, number][] = [
      [/^Title/, 200],
      [/^Excerpt/, 500],
      [/^SEO Title/, 70],
      [/^SEO Description/, 160],
    ];
    for (const [label, max] of limits) {
      const field = screen.getByLabelText(label) as HTMLInputElement;
      expect(field.maxLength).toBe(max);
      fireEvent.change(field, { target: { value: 'abc' } });
      expect(screen.getByText(`3 / ${max}`)).toBeTruthy();
      // Screen readers hear the count as part of the field's description.
      const description = (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
      expect(description).toContain(`3 of ${max} characters used`);
    }
    await contentInput();
  });

  it('uploads the featured image and sends its URL with the article', async () => {
    const api = fakeApi({
      'POST /api/blog/admin/upload': ok({ success: true, data: { url: '/api/blog/images/cover.webp' }, message: 'ok' }),
    });
    const onSave = jest.fn();
    render(
      <MemoryRouter>
        <ArticleForm post={null} saving={false} onCancel={noop} onSave={onSave} />
      </MemoryRouter>,
    );
    const file = new File(['png'], 'cover.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Featured Image'), { target: { files: [file] } });
    expect(screen.getByText('Uploading...')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Chosen featured image' }).getAttribute('src')).toBe(
        '/api/blog/images/cover.webp',
      ),
    );
    const [upload] = api.callsTo('POST /api/blog/admin/upload');
    const form = upload!.init.body as FormData;
    expect(form.get('image')).toBeInstanceOf(File);
    expect((form.get('image') as File).name).toBe('cover.png');
    expect(upload!.headers.get('Authorization')).toBe('Bearer test-token');

    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'T' } });
    fireEvent.change(await contentInput(), { target: { value: '<p>C</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0][0].featured_image).toBe('/api/blog/images/cover.webp');
  });

  it('alerts "Image upload failed: " with the reason, or Unknown error', async () => {
    fakeApi({ 'POST /api/blog/admin/upload': fail(413, 'Image is too large') });
    render(
      <MemoryRouter>
        <ArticleForm post={null} saving={false} onCancel={noop} onSave={noop} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Featured Image'), {
      target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Image upload failed: Image is too large'));
    expect(screen.queryByRole('img')).toBeNull();

    fakeApi({ 'POST /api/blog/admin/upload': ok({ success: false }) });
    fireEvent.change(screen.getByLabelText('Featured Image'), {
      target: { files: [new File(['x'], 'b.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Image upload failed: Unknown error'));
    await contentInput();
  });
});
