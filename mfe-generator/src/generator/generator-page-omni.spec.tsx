import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { renderGeneratorAt as renderAt } from '../testing/render-generator';

jest.mock('@veo3/platform/analytics/analytics', () => ({
  trackEvent: jest.fn(),
  trackGeneratePrompt: jest.fn(),
  trackPageView: jest.fn(),
}));

/** Files the stand-in decoder cannot read, like a text file renamed .png. */
const undecodable = new WeakSet<Blob>();
const picture = (name: string) => new File(['png-bytes'], name, { type: 'image/png' });

const veo = (available: boolean) => ({
  available,
  message: null,
  prices: { '720p': 40, '1080p': 40 },
  per_second: null,
  durations: [8],
  editable: false,
});
const omni = {
  available: true,
  message: null,
  prices: { '720p': 32, '1080p': 32 },
  per_second: 4,
  durations: [4, 6, 8, 10],
  editable: true,
};

/** GET /api/video/options of the local renderer: Veo (unless `veoAvailable` is false) and Omni. */
function videoOptions({ veoAvailable = true, omniServed = true, extend_instruction = false, variations = [1] } = {}) {
  return jsonResponse({
    success: true,
    data: {
      defaults: { aspect_ratio: '16:9', resolution: '720p' },
      shapes: [{ aspect_ratio: '16:9', resolution: '720p' }],
      negative_prompt: true,
      last_frame: true,
      models: {
        veo3: veo(veoAvailable),
        'veo3-fast-frames': veo(veoAvailable),
        omni: { ...omni, available: omniServed, extend_instruction },
      },
      variations,
      max_active: 3,
    },
  });
}

/** A finished (or other) Omni task as GET /api/video/status answers it. */
function omniTask(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    taskId: id,
    status: 'completed',
    status_message: null,
    result_url: `/api/video/file/${id}?sig=s`,
    poster_url: null,
    error_code: null,
    error_message: null,
    model: 'omni',
    prompt: 'A lighthouse at dusk',
    negative_prompt: null,
    image_url: null,
    last_frame_url: null,
    aspect_ratio: '16:9',
    resolution: '720p',
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:01:00.000Z',
    expires_at: '2026-11-24T11:00:00.000Z',
    kind: 'generate',
    parent_task_id: null,
    root_task_id: id,
    instruction: null,
    duration_s: 4,
    reference_image_urls: [],
    seed: null,
    batch_id: null,
    ...extra,
  };
}

let fetchMock: jest.Mock;
let optionsReply: () => Response;
/** Each task's replies to GET /api/video/status/:id, in turn (the last one repeats). */
let statuses: Record<string, Record<string, unknown>[]>;
let followUpReply: () => Response;

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const prompt = () => screen.getByLabelText<HTMLTextAreaElement>('Prompt');
const generate = () => fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
const resultArea = () => screen.getByRole('region', { name: 'Your videos' });
/** The feed's cards, newest first. */
const cards = () => within(resultArea()).getAllByRole('article');
const costNextToGenerate = () => screen.getByText(/credits$/, { selector: 'strong' }).textContent;
const requestsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === path);

const modelButton = () => screen.getByRole('button', { name: /^Model / });
/** Opens the model picker and chooses `name` with a click (which closes it). */
function chooseModel(name: string) {
  fireEvent.click(modelButton());
  fireEvent.click(screen.getByRole('radio', { name }), { detail: 1 });
}

async function pick(label: string, files: File[]) {
  fireEvent.change(screen.getByLabelText(label), { target: { files } });
  await advance(0);
}

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
  globalThis.createImageBitmap = jest.fn(async (blob: Blob) => {
    if (undecodable.has(blob)) throw new DOMException('undecodable', 'InvalidStateError');
    return { close: () => undefined } as ImageBitmap;
  }) as unknown as typeof createImageBitmap;
  Element.prototype.scrollIntoView = jest.fn();
});

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  optionsReply = () => videoOptions();
  statuses = {};
  followUpReply = () => jsonResponse({ success: true, data: { taskId: 't2', remainingCredits: 60 } });
  fetchMock = jest.fn(async (url: string) => {
    if (url === '/api/video/options') return optionsReply();
    if (url.startsWith('/api/video/recent'))
      return jsonResponse({ success: true, data: { items: [], active: 0, max_active: 3 } });
    if (url === '/api/video/generate')
      return jsonResponse({ success: true, data: { taskId: 't1', remainingCredits: 84 } });
    if (url.startsWith('/api/video/edit/') || url.startsWith('/api/video/extend/')) return followUpReply();
    if (url.startsWith('/api/video/status/')) {
      const id = url.split('/').at(-1)!;
      const replies = statuses[id] ?? [];
      const next = replies.length > 1 ? replies.shift()! : replies[0];
      return next
        ? jsonResponse({ success: true, data: next })
        : jsonResponse({ success: false, message: 'Video not found' }, 404);
    }
    throw new Error(`unexpected ${url}`);
  });
  globalThis.fetch = fetchMock;
  signInForTest({ credits: 100 });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('GeneratorPage with Gemini Omni Flash', () => {
  it('offers the model choice only where Omni is served, Veo first when the tab has it', async () => {
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    expect(modelButton().textContent).toMatch(/^VEO 3 Text/);
    fireEvent.click(modelButton());
    const google = screen.getByRole('group', { name: 'Google' });
    expect(within(google).getByRole('radio', { name: 'VEO 3 Text' })).toBeChecked();
    expect(within(google).getByRole('radio', { name: 'Gemini Omni Flash' })).not.toBeChecked();
    expect(within(google).queryByRole('radio', { name: 'VEO 3 Image' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Length' })).toBeNull();
    expect(costNextToGenerate()).toBe('40 credits');
  });

  it("keeps the model row's place, out of reach, while the options are read (nothing moves when they arrive)", async () => {
    let answer!: (reply: Response) => void;
    optionsReply = () => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response;
    const { container } = renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    const reserved = container.querySelector('[inert]');
    expect(reserved?.querySelector('button[aria-expanded]')).toBeTruthy();
    answer(videoOptions());
    await advance(0);
    expect(container.querySelector('[inert]')).toBeNull();
    expect(modelButton()).toBeTruthy();
  });

  it('has no model choice when Omni is not served', async () => {
    optionsReply = () => videoOptions({ omniServed: false });
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    expect(screen.queryByRole('button', { name: /^Model / })).toBeNull();
  });

  it('starts on Omni when no Veo model is available, priced per second of the chosen length', async () => {
    optionsReply = () => videoOptions({ veoAvailable: false });
    renderAt('/text-to-veo3-video?type=image');
    await advance(0);
    expect(modelButton().textContent).toMatch(/^Gemini Omni Flash/);
    // Omni is available: no "generation is unavailable" notice.
    expect(screen.queryByText(/unavailable right now/)).toBeNull();
    const length = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Length' });
    expect([...length.options].map((o) => [o.value, o.text])).toEqual([
      ['4', '4 s'],
      ['6', '6 s'],
      ['8', '8 s'],
      ['10', '10 s'],
    ]);
    expect(length.value).toBe('8');
    expect(costNextToGenerate()).toBe('32 credits');
    fireEvent.change(length, { target: { value: '4' } });
    expect(costNextToGenerate()).toBe('16 credits');
    fireEvent.change(length, { target: { value: '10' } });
    expect(costNextToGenerate()).toBe('40 credits');
  });

  it("follows the chosen model in every fact: the badge, the price note per length, the card's length", async () => {
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    expect(screen.getByText('Powered by VEO 3')).toBeTruthy();
    expect(screen.getByText('Official $6.00')).toBeTruthy();
    expect(screen.getByText('Only $2.40 per video')).toBeTruthy();

    chooseModel('Gemini Omni Flash');
    expect(screen.getByText('Powered by Gemini Omni Flash')).toBeTruthy();
    expect(screen.queryByText(/Official/)).toBeNull();
    expect(screen.getByText('$1.92 per video')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Length' }), { target: { value: '4' } });
    expect(screen.getByText('$0.96 per video')).toBeTruthy();
    expect(screen.getByText('4 seconds, with audio')).toBeTruthy();

    statuses.t1 = [omniTask('t1', { duration_s: 4 })];
    fireEvent.change(prompt(), { target: { value: 'A lighthouse at dusk' } });
    generate();
    await advance(3000);
    statuses.t2 = [omniTask('t2', { kind: 'extend', duration_s: 12, parent_task_id: 't1', root_task_id: 't1' })];
    fireEvent.click(within(resultArea()).getByRole('button', { name: 'Extend' }));
    fireEvent.click(screen.getByRole('button', { name: 'Extend by 8 s' }));
    await advance(3000);
    expect(within(cards()[0]!).getByText(/Gemini Omni Flash · 12 s/)).toBeTruthy();
    expect(within(cards()[1]!).getByText(/Gemini Omni Flash · 4 s/)).toBeTruthy();
  });

  it('sends model=omni, the length and the reference images; Veo sends neither', async () => {
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    chooseModel('Gemini Omni Flash');
    fireEvent.change(screen.getByRole('combobox', { name: 'Length' }), { target: { value: '6' } });
    fireEvent.click(screen.getByText('More options'));
    await pick('Reference images (optional)', [picture('hero.png'), picture('mug.png')]);
    fireEvent.change(prompt(), { target: { value: 'A hero lifts a mug' } });
    generate();
    await advance(0);
    const form = requestsTo('/api/video/generate')[0]![1].body as FormData;
    expect(form.get('model')).toBe('omni');
    expect(form.get('duration')).toBe('6');
    expect((form.getAll('reference_images') as File[]).map((f) => f.name)).toEqual(['hero.png', 'mug.png']);
  });

  it('Veo keeps sending what it sent before Omni', async () => {
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    fireEvent.change(prompt(), { target: { value: 'A toy car' } });
    generate();
    await advance(0);
    const form = requestsTo('/api/video/generate')[0]![1].body as FormData;
    expect(form.get('model')).toBe('veo3');
    expect(form.has('duration')).toBe(false);
    expect(form.has('reference_images')).toBe(false);
  });

  it('styles the reference picker as the other pickers: a labelled box, not the bare browser input', async () => {
    optionsReply = () => videoOptions({ veoAvailable: false });
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    fireEvent.click(screen.getByText('More options'));
    const input = screen.getByLabelText<HTMLInputElement>('Reference images (optional)');
    expect(input.className).toBe('fileInput');
    const box = input.nextElementSibling as HTMLLabelElement;
    expect(box.tagName).toBe('LABEL');
    expect(box.htmlFor).toBe(input.id);
    expect(box.textContent).toContain('Add pictures: click or drop them here');
    expect(box.textContent).toContain('(0/3)');
  });

  it('keeps at most 3 reference images, refuses a file that is no picture, and removes one by its button', async () => {
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    chooseModel('Gemini Omni Flash');
    fireEvent.click(screen.getByText('More options'));
    const notes = new File(['just some notes'], 'notes.png', { type: 'image/png' });
    undecodable.add(notes);
    await pick('Reference images (optional)', [notes]);
    const field = screen.getByLabelText('Reference images (optional)').parentElement!;
    expect(within(field).getByRole('alert').textContent).toBe(
      '"notes.png" could not be read as a picture. Please choose another file.',
    );
    expect(within(field).queryAllByRole('img')).toHaveLength(0);

    await pick('Reference images (optional)', ['a.png', 'b.png', 'c.png', 'd.png'].map(picture));
    expect(
      within(field)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Preview of a.png', 'Preview of b.png', 'Preview of c.png']);
    expect(within(field).getByRole('alert').textContent).toBe('"d.png" was not added: at most 3 reference images.');
    // The picker stays usable (a fourth is refused with that message) and says how many are taken.
    expect(within(field).getByText(/\(3\/3\)$/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove b.png' }));
    expect(within(field).getAllByRole('img')).toHaveLength(2);
    expect(within(field).getByRole('alert').textContent).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Reference images (optional)'));
  });
});

describe('Edit and Extend in the result area', () => {
  /** Generates a 4 s Omni video (task t1) and waits until it is shown. */
  async function omniVideo(extra: Record<string, unknown> = {}) {
    statuses.t1 = [omniTask('t1', extra)];
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    chooseModel('Gemini Omni Flash');
    fireEvent.change(prompt(), { target: { value: 'A lighthouse at dusk' } });
    generate();
    await advance(0);
    await advance(3000);
    expect(resultArea().querySelector('video')!.getAttribute('src')).toBe('/api/video/file/t1?sig=s');
  }

  it('offers no Edit for a Veo video', async () => {
    statuses.t1 = [omniTask('t1', { model: 'veo3', duration_s: 8 })];
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    fireEvent.change(prompt(), { target: { value: 'A toy car' } });
    generate();
    await advance(3000);
    expect(within(resultArea()).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(within(resultArea()).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('Edit checks the instruction, shows its cost, sends it on Enter, and the new version is a card above the old one', async () => {
    await omniVideo();
    const editButton = within(resultArea()).getByRole('button', { name: 'Edit' });
    fireEvent.click(editButton);
    expect(editButton.getAttribute('aria-expanded')).toBe('true');
    const field = screen.getByLabelText<HTMLTextAreaElement>('What should change?');
    expect(document.activeElement).toBe(field);
    // 4 s × 4 credits.
    expect(within(field.closest('form')!).getByText('16 credits')).toBeTruthy();

    fireEvent.keyDown(field, { key: 'Enter' });
    expect(within(field.closest('form')!).getByRole('alert').textContent).toBe('Please describe the change');
    fireEvent.change(field, { target: { value: 'x'.repeat(2001) } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(within(field.closest('form')!).getByRole('alert').textContent).toBe(
      'The instruction is too long (2,001 / 2,000 characters). Please shorten it.',
    );
    expect(requestsTo('/api/video/edit/t1')).toHaveLength(0);

    statuses.t2 = [
      omniTask('t2', { status: 'processing', result_url: null, status_message: 'Relighting' }),
      omniTask('t2', { kind: 'edit', parent_task_id: 't1', root_task_id: 't1', instruction: 'make it night' }),
    ];
    fireEvent.change(field, { target: { value: '  make it night ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await advance(0);
    const [, init] = requestsTo('/api/video/edit/t1')[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ instruction: 'make it night' });
    expect(screen.getByText('Balance: 60 credits')).toBeTruthy();
    // Watched like a generation, in a card of its own; the version being edited stays in its card.
    expect(cards()).toHaveLength(2);
    expect(within(cards()[0]!).getAllByRole('status')[0]!.textContent).toBe('Generating your video... Relighting');
    expect(cards()[1]!.querySelector('video')!.getAttribute('src')).toBe('/api/video/file/t1?sig=s');

    await advance(3000);
    expect(within(cards()[0]!).getAllByRole('status')[0]!.textContent).toBe('Your video is ready!');
    expect(cards()[0]!.querySelector('video')!.getAttribute('src')).toBe('/api/video/file/t2?sig=s');
    expect(within(cards()[0]!).getByRole('heading', { level: 3 }).textContent).toBe('Edit: make it night');
    // The new version can be edited again.
    expect(within(cards()[0]!).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('refuses an edit the balance cannot pay for without sending it', async () => {
    await omniVideo({ duration_s: 10 });
    act(() => sessionStore.updateUser({ credits: 20 }));
    fireEvent.click(within(resultArea()).getByRole('button', { name: 'Edit' }));
    const field = screen.getByLabelText('What should change?');
    fireEvent.change(field, { target: { value: 'make it night' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply edit' }));
    expect(within(field.closest('form')!).getByRole('alert').textContent).toBe(
      'Not enough credits! This needs 40 credits, you currently have 20 credits',
    );
    expect(requestsTo('/api/video/edit/t1')).toHaveLength(0);
  });

  it('Escape closes the edit form and gives focus back to Edit', async () => {
    await omniVideo();
    fireEvent.click(within(resultArea()).getByRole('button', { name: 'Edit' }));
    fireEvent.keyDown(screen.getByLabelText('What should change?'), { key: 'Escape' });
    expect(screen.queryByLabelText('What should change?')).toBeNull();
    await advance(20);
    expect(document.activeElement).toBe(within(resultArea()).getByRole('button', { name: 'Edit' }));
  });

  it("shows the server's refusal of an edit in its card, and Try Again leaves the video", async () => {
    await omniVideo();
    followUpReply = () => jsonResponse({ success: false, message: 'Not enough credits' }, 402);
    fireEvent.click(within(resultArea()).getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('What should change?'), { target: { value: 'make it night' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply edit' }));
    await advance(0);
    expect(within(cards()[0]!).getByRole('alert').textContent).toContain(
      'Request failed: Not enough credits No credits were taken.',
    );
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: 'Try Again' }));
    expect(cards()).toHaveLength(1);
    expect(resultArea().querySelector('video')!.getAttribute('src')).toBe('/api/video/file/t1?sig=s');
  });

  it('Extend offers only what keeps the video within 40 s, with its cost, and sends the seconds', async () => {
    await omniVideo({ duration_s: 34 });
    fireEvent.click(within(resultArea()).getByRole('button', { name: 'Extend' }));
    const group = screen.getByRole('group', { name: 'Seconds to add (the video is 34 s now)' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['4', '5', '6']);
    expect(within(group).getByRole('radio', { name: '+6 s' })).toBeChecked();
    expect(screen.getByText('The new version will be 40 s long (at most 40 s).')).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: '+4 s' }));
    expect(within(group.closest('form')!).getByText('16 credits')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Extend by 4 s' }));
    await advance(0);
    const [, init] = requestsTo('/api/video/extend/t1')[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ seconds: 4 });
  });

  it('Extend takes what happens next where the model takes it, and sends it with the seconds', async () => {
    optionsReply = () => videoOptions({ extend_instruction: true });
    await omniVideo({ duration_s: 8 });
    fireEvent.click(within(resultArea()).getByRole('button', { name: 'Extend' }));
    fireEvent.change(screen.getByLabelText('What happens next? (optional)'), {
      target: { value: ' the ship sails away ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Extend by 8 s' }));
    await advance(0);
    const [, init] = requestsTo('/api/video/extend/t1')[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ seconds: 8, instruction: 'the ship sails away' });
  });

  it('offers no instruction to Extend where the model takes none', async () => {
    await omniVideo({ duration_s: 8 });
    fireEvent.click(within(resultArea()).getByRole('button', { name: 'Extend' }));
    expect(screen.queryByLabelText('What happens next? (optional)')).toBeNull();
  });

  it('cannot extend a video of 37 s or more', async () => {
    await omniVideo({ duration_s: 37 });
    expect(within(resultArea()).getByRole('button', { name: 'Extend' })).toBeDisabled();
    expect(screen.getByText('Videos stop at 40 seconds, so this one cannot be extended.')).toBeTruthy();
  });

  it("History's ?edit= opens that version with the edit form, then leaves the address", async () => {
    statuses.v1 = [omniTask('v1', { duration_s: 8 })];
    renderAt('/text-to-veo3-video?type=text&edit=v1');
    await advance(0);
    expect(resultArea().querySelector('video')!.getAttribute('src')).toBe('/api/video/file/v1?sig=s');
    expect(document.activeElement).toBe(screen.getByLabelText('What should change?'));
    expect(screen.getByText('32 credits', { selector: 'form strong' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/text-to-veo3-video?type=text');
  });
});
