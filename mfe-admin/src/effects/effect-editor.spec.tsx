import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EFFECT_SAMPLE_MAX_BYTES } from '@veo3/contracts/effects';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import { effectFixture, offeredModelFixture } from '../testing/admin.fixtures';
import { fail, fakeApi, ok } from '../testing/fake-api';
import { renderConsole } from '../testing/render-console';

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  signInForTest({ is_admin: true });
});

const catalogue = [
  offeredModelFixture({ id: 'veo3', name: 'Veo 3' }),
  offeredModelFixture({
    id: 'kling-2',
    name: 'Kling 2',
    vendor: 'Kuaishou',
    outputs: { durations: [5, 10], aspect_ratios: ['9:16'], resolutions: ['1080p'], audio: false },
  }),
];
const options = ok({ catalogue });
const kiss = effectFixture();

const type = (label: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** A new effect with one photo and one text, every required field filled. */
async function fillNewEffect() {
  await screen.findByRole('form', { name: 'New effect' });
  type('Slug (address /effects/…)', 'say-it');
  type('Name (English)', 'Say it');
  type('Name (Chinese)', '说出来');
  type('Description (English)', 'A clip that says your word.');
  type('Description (Chinese)', '一段说出你的词的视频。');
  const photo = screen.getByRole('group', { name: 'Photo 1 (photo_1)' });
  type('Label (English)', 'Your photo', photo);
  type('Label (Chinese)', '你的照片', photo);
  fireEvent.click(screen.getByRole('button', { name: 'Add a text' }));
  const text = screen.getByRole('group', { name: 'Text 1 (text_1)' });
  type('Label (English)', 'Your word', text);
  type('Label (Chinese)', '你的词', text);
  type('Model', 'kling-2');
  type('Price (credits)', '30');
  type('Reason (kept in the audit log)', 'New effect for launch');
}

describe('EffectEditor', () => {
  it('fills the prompt preview live from the example texts', async () => {
    fakeApi({ 'GET /api/admin/effects': ok({ items: [] }), 'GET /api/video/options': options });
    renderConsole('/admin/effects/new');
    await fillNewEffect();
    type('Prompt template', 'A person whispers {{text_1}}   softly');
    const preview = screen.getByRole('region', { name: 'Preview of the prompt' });
    expect(preview).toHaveTextContent('A person whispers softly');
    type('Example for text_1', 'hello', preview);
    expect(preview).toHaveTextContent('A person whispers hello softly');
  });

  it('offers only what the chosen model makes', async () => {
    fakeApi({ 'GET /api/admin/effects': ok({ items: [] }), 'GET /api/video/options': options });
    renderConsole('/admin/effects/new');
    await screen.findByRole('form', { name: 'New effect' });
    type('Model', 'kling-2');
    const choices = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(choices('Aspect ratio')).toEqual(['9:16']);
    expect(choices('Resolution')).toEqual(['1080p']);
    expect(choices('Length')).toEqual(['5 s', '10 s']);
  });

  it('flags a placeholder naming no text input at once and does not save', async () => {
    const api = fakeApi({ 'GET /api/admin/effects': ok({ items: [] }), 'GET /api/video/options': options });
    renderConsole('/admin/effects/new');
    await fillNewEffect();
    type('Prompt template', 'A person says {{text_1}} and {{text_2}} out loud');
    const template = screen.getByLabelText('Prompt template');
    expect(template).toHaveAccessibleDescription(
      expect.stringContaining('The template names {{text_2}}, which is not one of this effect’s text inputs.'),
    );
    expect(template).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Create effect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields need attention; nothing was saved.');
    expect(api.callsTo('POST /api/admin/effects')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Add a text' }));
    expect(template).not.toHaveAttribute('aria-invalid');
  });

  it('sends the draft and shows the server’s refusal beside the form, keeping what was typed', async () => {
    const api = fakeApi({
      'GET /api/admin/effects': ok({ items: [] }),
      'GET /api/video/options': options,
      'POST /api/admin/effects': fail(400, 'The model kling-2 does not make 9:16 at 1080p for 5 s.', 'EFFECTS_INVALID'),
    });
    renderConsole('/admin/effects/new');
    await fillNewEffect();
    type('Prompt template', 'A person whispers {{text_1}} softly');
    fireEvent.click(screen.getByRole('button', { name: 'Create effect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed: The model kling-2 does not make 9:16 at 1080p for 5 s.',
    );
    expect(api.callsTo('POST /api/admin/effects')[0]!.json).toEqual({
      slug: 'say-it',
      category: 'interaction',
      badge: null,
      name: { en: 'Say it', 'zh-CN': '说出来' },
      description: { en: 'A clip that says your word.', 'zh-CN': '一段说出你的词的视频。' },
      inputs: [
        { key: 'photo_1', kind: 'photo', label: { en: 'Your photo', 'zh-CN': '你的照片' }, required: true },
        { key: 'text_1', kind: 'text', label: { en: 'Your word', 'zh-CN': '你的词' }, required: true, max_length: 40 },
      ],
      faq: [],
      people: false,
      prompt_template: 'A person whispers {{text_1}} softly',
      price: 30,
      settings: { model: 'kling-2', aspect_ratio: '9:16', resolution: '1080p', duration_s: 5 },
      reason: 'New effect for launch',
    });
    expect(screen.getByLabelText('Slug (address /effects/…)')).toHaveValue('say-it');
    expect(screen.getByLabelText('Prompt template')).toHaveValue('A person whispers {{text_1}} softly');
  });

  it('creates the effect unpublished and continues in its editor, where the sample can be added', async () => {
    const created = effectFixture({
      id: 'e-9',
      slug: 'say-it',
      name: { en: 'Say it', 'zh-CN': '说出来' },
      published: false,
    });
    let saved = false;
    const api = fakeApi({
      'GET /api/admin/effects': () => ok({ items: saved ? [created] : [] })(),
      'GET /api/video/options': options,
      'POST /api/admin/effects': () => {
        saved = true;
        return ok(created)();
      },
    });
    renderConsole('/admin/effects/new');
    expect(screen.queryByRole('form', { name: 'Sample video' })).toBeNull();
    await fillNewEffect();
    type('Prompt template', 'A person whispers {{text_1}} softly');
    fireEvent.click(screen.getByRole('button', { name: 'Create effect' }));
    expect(await screen.findByText('Created “Say it” (a draft until published).')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Edit effect: Say it' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sample video' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/effects')).toHaveLength(1);
  });

  it('says which fields are wrong before sending anything', async () => {
    const api = fakeApi({ 'GET /api/admin/effects': ok({ items: [] }), 'GET /api/video/options': options });
    renderConsole('/admin/effects/new');
    await screen.findByRole('form', { name: 'New effect' });
    type('Slug (address /effects/…)', 'Bad Slug');
    fireEvent.click(screen.getByRole('button', { name: 'Create effect' }));
    expect(screen.getByLabelText('Slug (address /effects/…)')).toHaveAccessibleDescription(
      expect.stringContaining('The slug is 2 to 60 lower-case letters, digits and single hyphens.'),
    );
    expect(screen.getByLabelText('Reason (kept in the audit log)')).toHaveAccessibleDescription(
      'Give a reason (at least 3 characters).',
    );
    await waitFor(() => expect(screen.getByLabelText('Slug (address /effects/…)')).toHaveFocus());
    expect(api.callsTo('POST /api/admin/effects')).toHaveLength(0);
  });

  it('edits an effect: its fields loaded, saved with PUT', async () => {
    const api = fakeApi({
      'GET /api/admin/effects': ok({ items: [kiss] }),
      'GET /api/video/options': options,
      'PUT /api/admin/effects/:id': ok({ ...kiss, price: 80 }),
    });
    renderConsole('/admin/effects/e-1');
    await screen.findByRole('form', { name: 'Edit effect: Kiss' });
    expect(screen.getByLabelText('Price (credits)')).toHaveValue(60);
    expect(screen.getByRole('checkbox', { name: /Its photos show people/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Add a photo' })).toBeDisabled();
    type('Price (credits)', '80');
    type('Reason (kept in the audit log)', 'Costs more now');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved “Kiss”.')).toBeInTheDocument();
    const sent = api.callsTo('PUT /api/admin/effects/:id')[0]!;
    expect(sent.path).toBe('/api/admin/effects/e-1');
    expect(sent.json).toMatchObject({ price: 80, slug: 'kiss', reason: 'Costs more now' });
  });

  it('refuses a sample over the limit before sending it, and uploads one within it with the reason', async () => {
    const api = fakeApi({
      'GET /api/admin/effects': ok({ items: [kiss] }),
      'GET /api/video/options': options,
      'POST /api/admin/effects/:id/sample': ok({
        ...kiss,
        sample_url: '/media/effects/kiss-2.mp4',
        poster_url: '/media/effects/kiss-2.jpg',
      }),
    });
    renderConsole('/admin/effects/e-1');
    const form = await screen.findByRole('form', { name: 'Sample video' });
    const input = within(form).getByLabelText('Video file');
    expect(input).toHaveAttribute('accept', 'video/mp4,video/webm');
    const big = new File(['x'], 'big.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: EFFECT_SAMPLE_MAX_BYTES + 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('This file is 31 MB; a sample is at most 30 MB.'),
    );
    type('Reason for the new sample (kept in the audit log)', 'Better sample', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Upload sample' }));
    expect(api.callsTo('POST /api/admin/effects/:id/sample')).toHaveLength(0);

    const good = new File(['video'], 'kiss.mp4', { type: 'video/mp4' });
    fireEvent.change(input, { target: { files: [good] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload sample' }));
    expect(await within(form).findByText('The new sample of “Kiss” is in place.')).toBeInTheDocument();
    const init = api.fetchMock.mock.calls.find(([url]) => String(url).endsWith('/sample'))![1]!;
    const body = init.body as FormData;
    expect(body.get('reason')).toBe('Better sample');
    expect((body.get('video') as File).name).toBe('kiss.mp4');
    await waitFor(() => expect(form.querySelector('video')).toHaveAttribute('src', '/media/effects/kiss-2.mp4'));
    expect(form.querySelector('video')).toHaveAttribute('poster', '/media/effects/kiss-2.jpg');
  });

  it('speaks Chinese', async () => {
    setLanguage('zh-CN');
    fakeApi({ 'GET /api/admin/effects': ok({ items: [kiss] }), 'GET /api/video/options': options });
    renderConsole('/admin/effects/e-1');
    await screen.findByRole('form', { name: '编辑特效：亲吻' });
    expect(screen.getByLabelText('名称（中文）')).toHaveValue('亲吻');
    expect(screen.getByRole('group', { name: '照片 1（photo_1）' })).toBeInTheDocument();
    type('提示词模板', '说 {{text_9}}');
    expect(screen.getByLabelText('提示词模板')).toHaveAccessibleDescription(
      expect.stringContaining('模板中的 {{text_9}} 不是此特效的文字输入项。'),
    );
  });

  it('says an unknown effect does not exist', async () => {
    fakeApi({ 'GET /api/admin/effects': ok({ items: [kiss] }), 'GET /api/video/options': options });
    renderConsole('/admin/effects/nope');
    expect(await screen.findByText('This effect does not exist.')).toBeInTheDocument();
  });
});
