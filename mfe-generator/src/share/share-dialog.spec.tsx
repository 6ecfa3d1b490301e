import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import type { CompletedVideo } from '../api/video-api';
import { ShareButton } from './share-button';

const VIDEO = {
  id: 'task1',
  taskId: 'task1',
  status: 'completed',
  result_url: '/api/video/file/task1?sig=s',
  poster_url: null,
  prompt: 'A fox in the snow',
  image_url: null,
} as unknown as CompletedVideo;

function share(extra: Record<string, unknown> = {}) {
  return {
    id: 'AbCdEfGhIjKlMnOpQrStUv',
    url: 'http://localhost:3000/v/AbCdEfGhIjKlMnOpQrStUv',
    task_id: 'task1',
    show_prompt: true,
    anonymous: false,
    creator_name: 'Ada',
    offer_to_gallery: false,
    category: 'other',
    allow_image_remix: false,
    gallery_state: 'off',
    gallery_reason: null,
    views: 1234,
    remixes: 2,
    created_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

let shared: ReturnType<typeof share> | null;
let fetchMock: jest.Mock;
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit)?.method ?? 'GET'} ${url}`);

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ShareButton video={VIDEO} name="A fox in the snow" className="pf-button" />
    </QueryClientProvider>,
  );
}

/** jsdom has <dialog> without showModal/close; these open and close it as a browser would (without the top layer). */
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  signInForTest({ credits: 10, name: 'Ada' });
  shared = null;
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.startsWith('/api/share/tasks?ids='))
      return jsonResponse({ success: true, data: { items: shared ? [shared] : [] } });
    if (method === 'POST' && url === '/api/share/tasks/task1') {
      shared = share({ ...JSON.parse(String(init!.body)), views: 0, remixes: 0 });
      return jsonResponse({ success: true, data: shared });
    }
    if (method === 'PATCH') {
      shared = share({ ...shared, ...JSON.parse(String(init!.body)) });
      return jsonResponse({ success: true, data: shared });
    }
    if (method === 'DELETE') {
      shared = null;
      return jsonResponse({
        success: true,
        data: { id: 'AbCdEfGhIjKlMnOpQrStUv', unshared_at: '2026-01-01T00:00:00.000Z' },
      });
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
  globalThis.fetch = fetchMock;
});

describe('Share this video', () => {
  it('creates the link with the chosen options, then offers Copy (with the select fallback) and Open page', async () => {
    renderButton();
    const button = await screen.findByRole('button', { name: 'Share “A fox in the snow”' });
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('Show the prompt')).toBeChecked());
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Show the prompt')));
    // No picture behind this video: nothing to let others start from.
    expect(within(dialog).queryByLabelText('Let others start from my images')).toBeNull();
    fireEvent.click(within(dialog).getByLabelText('Anonymous'));
    fireEvent.click(within(dialog).getByLabelText('Offer to the community gallery'));
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'animation' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const copy = await within(dialog).findByRole('button', { name: 'Copy link' });
    expect(JSON.parse(String(fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')![1].body))).toEqual({
      show_prompt: true,
      anonymous: true,
      offer_to_gallery: true,
      category: 'animation',
      allow_image_remix: false,
    });
    await waitFor(() => expect(document.activeElement).toBe(copy));
    expect(within(dialog).getByText('The link is ready. Anyone who has it can watch the video.')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Link to the video').value).toBe(
      'http://localhost:3000/v/AbCdEfGhIjKlMnOpQrStUv',
    );
    expect(within(dialog).getByRole('link', { name: 'Open page' }).getAttribute('href')).toBe(
      'http://localhost:3000/v/AbCdEfGhIjKlMnOpQrStUv',
    );
    // No clipboard here: the link is selected, with how to copy it.
    await act(async () => fireEvent.click(copy));
    expect(within(dialog).getByText('The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Share “A fox in the snow” (shared)' })).toBeTruthy();
  });

  it('shows a shared video’s link, counts and gallery state, saves a change at once, and stops sharing after a confirmation', async () => {
    shared = share({ gallery_state: 'hidden', gallery_reason: 'Not for the gallery', offer_to_gallery: true });
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Share “A fox in the snow” (shared)' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Views: 1,234 · Remixes: 2')).toBeTruthy();
    expect(within(dialog).getByText('Hidden by a moderator: Not for the gallery')).toBeTruthy();

    fireEvent.click(within(dialog).getByLabelText('Show the prompt'));
    expect(await within(dialog).findByText('Your change is saved.')).toBeTruthy();
    expect(calls()).toContain('PATCH /api/share/AbCdEfGhIjKlMnOpQrStUv');
    expect(within(dialog).getByLabelText('Show the prompt')).not.toBeChecked();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    const group = within(dialog).getByRole('group', { name: 'Stop sharing this video?' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(group).getByRole('button', { name: 'Keep sharing' })),
    );
    fireEvent.click(within(group).getByRole('button', { name: 'Stop sharing' }));
    expect(await within(dialog).findByText('Sharing stopped. The link no longer works.')).toBeTruthy();
    expect(calls()).toContain('DELETE /api/share/AbCdEfGhIjKlMnOpQrStUv');
    expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Share “A fox in the snow”' })).toBeTruthy();
  });

  it('a failed creation says so in an alert and keeps the options', async () => {
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? jsonResponse({ success: false, message: 'down' }, 500)
        : jsonResponse({ success: true, data: { items: [] } }),
    );
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Share “A fox in the snow”' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(await within(dialog).findByLabelText('Anonymous'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const alert = await within(dialog).findByText('The link could not be created. Please try again.');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(within(dialog).getByLabelText('Anonymous')).toBeChecked();
  });
});
