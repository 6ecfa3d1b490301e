import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VideoShape } from '@veo3/contracts/generation-options';
import { ModelUnavailableError, type ProviderInput, type ProviderJob } from '../../src/video/providers/video-provider';
import { KieProvider } from '../../src/video/providers/kie/kie.provider';
import { providerRejection, TEST_DOWNLOAD_POLICY, type RecordedRequest } from './fake-http';
import { KIE_CONTENT_POLICY, startFakeKie, type FakeKie } from './fake-kie';
import { DEFAULT_CATALOGUE } from '../../src/video/catalogue/default-catalogue';

/** The first three models, as the one provider before the catalogue served them. */
const LEGACY = DEFAULT_CATALOGUE.filter((entry) => ['veo3', 'veo3-fast-frames', 'omni'].includes(entry.id));

const shape: VideoShape = { aspectRatio: '16:9', resolution: '720p' };
const fullHd: VideoShape = { aspectRatio: '16:9', resolution: '1080p' };
/** What poll and download know of a task (kie.ai reads the resolution). */
const job: ProviderJob = { ...shape, model: 'veo3', kind: 'generate', durationSeconds: 8, parent: null };
const fullHdJob: ProviderJob = { ...job, ...fullHd };
const callbackUrl = 'https://veo3.example/api/video/callback/task-1?token=secret';
const textInput: ProviderInput = {
  taskId: 'task-1',
  prompt: 'A fox runs through snow',
  ...job,
  providerModel: 'veo3',
  shape,
  negativePrompt: null,
  image: null,
  lastFrame: null,
  referenceImages: [],
  instruction: null,
  seed: null,
  callbackUrl,
};
const imageUrl = (taskId: string, frame: 'first' | 'last' = 'first') =>
  `https://veo3.example/api/video/${frame === 'first' ? 'upload' : 'last-frame'}/${taskId}?exp=1&sig=abc`;

describe('KieProvider against a fake kie.ai API', () => {
  let fake: FakeKie;
  let dir: string;
  let provider: KieProvider;

  beforeAll(async () => {
    fake = await startFakeKie();
    dir = await mkdtemp(join(tmpdir(), 'kie-provider-'));
  });
  afterAll(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.scenario = { pollsBeforeDone: 2, outcome: { kind: 'video' } };
    fake.withdrawn.clear();
    provider = kieAt(fake.baseUrl, fake.apiKey);
  });

  const lastRequest = (): RecordedRequest => fake.requests.at(-1) as RecordedRequest;

  it('sends no callBackUrl when the site cannot be called back', async () => {
    const jobId = await provider.submit({ ...textInput, callbackUrl: null });

    expect(jobId).toMatch(/^[a-f0-9]{32}$/);
    expect(JSON.parse(lastRequest().body)).not.toHaveProperty('callBackUrl');
  });

  it('submits a text prompt, polls until done and downloads the exact bytes', async () => {
    const jobId = await provider.submit(textInput);

    expect(jobId).toMatch(/^[a-f0-9]{32}$/);
    const submit = lastRequest();
    expect(submit.method).toBe('POST');
    expect(submit.url).toBe('/api/v1/veo/generate');
    expect(submit.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(submit.headers['content-type']).toBe('application/json');
    expect(JSON.parse(submit.body)).toEqual({
      prompt: textInput.prompt,
      model: 'veo3',
      aspectRatio: '16:9',
      callBackUrl: callbackUrl,
      generationType: 'TEXT_2_VIDEO',
    });

    expect(await provider.poll(jobId, job)).toEqual({ state: 'running' });
    expect(await provider.poll(jobId, job)).toEqual({ state: 'running' });
    expect(await provider.poll(jobId, job)).toEqual({ state: 'succeeded' });
    expect(lastRequest().url).toBe(`/api/v1/veo/record-info?taskId=${jobId}`);
    expect(lastRequest().headers.authorization).toBe(`Bearer ${fake.apiKey}`);

    const destination = join(dir, 'text.part');
    await provider.download(jobId, destination, job);
    expect((await readFile(destination)).equals(fake.video)).toBe(true);
    const fileRequest = lastRequest();
    expect(fileRequest.url).toBe(`/files/${jobId}.mp4`);
    expect(fileRequest.headers.authorization).toBeUndefined();
  });

  it("sends the uploads' URLs, the first-and-last-frames type, 9:16 and the fast model in image mode", async () => {
    const asked: string[] = [];
    const withImages = new KieProvider({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      download: TEST_DOWNLOAD_POLICY,
      imageUrlFor: async (taskId, frame) => {
        asked.push(`${taskId}:${frame}`);
        return imageUrl(taskId, frame);
      },
    });
    const image = { data: Buffer.from([0xff, 0xd8, 0xff]), mimeType: 'image/jpeg' };
    await withImages.submit({
      ...textInput,
      taskId: 'task-7',
      model: 'veo3-fast-frames',
      providerModel: 'veo3_fast',
      shape: { aspectRatio: '9:16', resolution: '720p' },
      image,
      lastFrame: image,
    });

    expect(asked).toEqual(['task-7:first', 'task-7:last']);
    expect(JSON.parse(lastRequest().body)).toEqual({
      prompt: textInput.prompt,
      model: 'veo3_fast',
      aspectRatio: '9:16',
      callBackUrl: callbackUrl,
      imageUrls: [imageUrl('task-7'), imageUrl('task-7', 'last')],
      generationType: 'FIRST_AND_LAST_FRAMES_2_VIDEO',
    });
  });

  it('takes a seed for its Veo models, folded into its 10000–99999 range, the same seed to the same number', async () => {
    expect(provider.takesSeed()).toBe(true);
    const sent = async (seed: number | null) => {
      await provider.submit({ ...textInput, seed });
      return JSON.parse(lastRequest().body).seeds;
    };
    expect(await sent(12345)).toBe(22345);
    expect(await sent(0)).toBe(10000);
    expect(await sent(89_999)).toBe(99_999);
    expect(await sent(90_000)).toBe(10_000);
    expect(await sent(4_294_967_295)).toBe(10_000 + (4_294_967_295 % 90_000));
    expect(await sent(null)).toBeUndefined();
  });

  it('offers its own model names, honours no negative prompt, and no 1080p in portrait', async () => {
    expect(await provider.checkModels(LEGACY, new Set())).toEqual({
      veo3: { providerModel: 'veo3' },
      'veo3-fast-frames': { providerModel: 'veo3_fast' },
    });
    expect(provider.serves(LEGACY.find((entry) => entry.id === 'omni')!)).toBe(false);
    expect((await provider.checkModels(LEGACY, new Set(['veo3_fast'])))['veo3-fast-frames']).toEqual({
      providerModel: null,
      reason: 'kie.ai answered that veo3_fast is no longer available',
    });
    expect(provider.editing).toBe(false);
    expect(
      await provider.checkParent({ jobId: 'abc', videoPath: '/nowhere.mp4', durationSeconds: 8, prompt: 'p' }, 'edit'),
    ).toBe('Editing and extending need Gemini Omni Flash, which kie.ai does not serve.');
    expect(provider.support.negativePrompt).toBe(false);
    expect(provider.support.shapes).not.toContainEqual({ aspectRatio: '9:16', resolution: '1080p' });
    expect(provider.support.shapes).toContainEqual({ aspectRatio: '16:9', resolution: '1080p' });
  });

  it('1080p: after success, asks the 1080p endpoint until it is ready and downloads that file', async () => {
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'video' }, fullHdCallsBeforeReady: 2 };
    const jobId = await provider.submit({ ...textInput, shape: fullHd });

    expect(await provider.poll(jobId, fullHdJob)).toEqual({ state: 'running', message: 'Preparing the 1080p version' });
    expect(lastRequest().url).toBe(`/api/v1/veo/get-1080p-video?taskId=${jobId}&index=0`);
    expect(await provider.poll(jobId, fullHdJob)).toEqual({ state: 'running', message: 'Preparing the 1080p version' });
    expect(await provider.poll(jobId, fullHdJob)).toEqual({ state: 'succeeded' });

    const destination = join(dir, '1080p.part');
    await provider.download(jobId, destination, fullHdJob);
    expect((await readFile(destination)).equals(fake.video1080)).toBe(true);
    expect(lastRequest().url).toBe(`/files/${jobId}-1080p.mp4`);
  });

  it('reports a model kie.ai no longer serves as unavailable, naming it', async () => {
    fake.withdrawn.add('veo3');
    const error = await providerRejection(provider.submit(textInput));

    expect(error).toBeInstanceOf(ModelUnavailableError);
    expect(error).toMatchObject({ providerModel: 'veo3', retryable: false });
  });

  it("reports a failed generation with the provider's message", async () => {
    const errorMessage = 'Generation failed upstream, please try again.';
    fake.scenario = { pollsBeforeDone: 1, outcome: { kind: 'failed', successFlag: 3, errorCode: 501, errorMessage } };
    const jobId = await provider.submit(textInput);

    expect(await provider.poll(jobId, job)).toEqual({ state: 'running' });
    expect(await provider.poll(jobId, job)).toEqual({ state: 'failed', reason: errorMessage });
    await expect(provider.download(jobId, join(dir, 'failed.part'), job)).rejects.toMatchObject({ retryable: false });
  });

  it('reports a content-policy refusal as rejected', async () => {
    fake.scenario = { pollsBeforeDone: 0, outcome: KIE_CONTENT_POLICY };
    const jobId = await provider.submit(textInput);

    expect(await provider.poll(jobId, job)).toEqual({
      state: 'failed',
      reason: 'Your prompt was flagged by Website as violating content policies.',
      rejected: true,
    });
  });

  it('keeps answering running for a task that never finishes', async () => {
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'never' } };
    const jobId = await provider.submit(textInput);

    for (let i = 0; i < 6; i++) expect(await provider.poll(jobId, job)).toEqual({ state: 'running' });
  });

  it('maps HTTP 429 with Retry-After to a retryable error that says how long to wait', async () => {
    fake.failNext({
      status: 429,
      body: { code: 429, msg: 'Rate limited', data: null },
      headers: { 'Retry-After': '20' },
    });

    expect(await providerRejection(provider.submit(textInput))).toMatchObject({
      retryable: true,
      retryAfterSeconds: 20,
    });
  });

  it('maps code 429 in an HTTP 200 body to a retryable error', async () => {
    const jobId = await provider.submit(textInput);
    const later = new Date(Date.now() + 30_000).toUTCString();
    fake.failNext({
      status: 200,
      body: { code: 429, msg: 'Too many requests', data: null },
      headers: { 'Retry-After': later },
    });

    const error = await providerRejection(provider.poll(jobId, job));
    expect(error.retryable).toBe(true);
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(28);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(30);
  });

  it.each([
    ['code 500 in the body', 200, { code: 500, msg: 'Server error', data: null }],
    ['code 501 in the body', 200, { code: 501, msg: 'Generation failed', data: null }],
    ['code 455 (maintenance) in the body', 200, { code: 455, msg: 'Service unavailable', data: null }],
    ['HTTP 503', 503, { code: 503, msg: 'Service unavailable', data: null }],
    ['an HTML 502 from a gateway', 502, '<html><body>502 Bad Gateway</body></html>'],
  ])('maps %s to a retryable error', async (_name, status, body) => {
    fake.failNext({ status, body });
    const error = await providerRejection(provider.submit(textInput));

    expect(error.retryable).toBe(true);
    expect(error.retryAfterSeconds).toBeUndefined();
  });

  it('maps a dropped connection to a retryable error', async () => {
    fake.failNext('disconnect');

    expect(await providerRejection(provider.submit(textInput))).toMatchObject({ retryable: true });
  });

  it('does not retry a wrong API key', async () => {
    const error = await providerRejection(kieAt(fake.baseUrl, 'wrong-key').submit(textInput));

    expect(error).toMatchObject({ retryable: false, retryAfterSeconds: undefined });
    expect(error.message).toContain('401');
  });

  it.each([
    ['insufficient provider credits', 402, 'Credits insufficient'],
    ['a validation error', 422, 'model is invalid'],
    ['a content-policy refusal', 400, 'Your prompt was flagged by Website as violating content policies.'],
    ['a content-policy refusal (451)', 451, 'The image was refused by the content policy.'],
  ])('does not retry %s', async (_name, code, msg) => {
    fake.failNext({ status: 200, body: { code, msg, data: null } });
    const error = await providerRejection(provider.submit(textInput));

    expect(error.retryable).toBe(false);
    expect(error.message).toContain(msg);
  });

  it("rejects what the real API would refuse, through the fake's own validation", async () => {
    const error = await providerRejection(provider.submit({ ...textInput, prompt: '  ' }));

    expect(error).toMatchObject({ retryable: false });
    expect(error.message).toContain('422');
  });

  it('retries a download cut off halfway but not an expired result link', async () => {
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'video' } };
    const jobId = await provider.submit(textInput);
    const destination = join(dir, 'truncated.part');

    fake.failNext('truncate', /^\/files\//);
    expect(await providerRejection(provider.download(jobId, destination, job))).toMatchObject({ retryable: true });

    fake.failNext({ status: 403, body: '<Error>AccessDenied: Request has expired</Error>' }, /^\/files\//);
    expect(await providerRejection(provider.download(jobId, destination, job))).toMatchObject({ retryable: false });

    await provider.download(jobId, destination, job);
    expect((await readFile(destination)).equals(fake.video)).toBe(true);
  });
});

function kieAt(baseUrl: string, apiKey: string): KieProvider {
  return new KieProvider({ apiKey, baseUrl, imageUrlFor: imageUrl, download: TEST_DOWNLOAD_POLICY });
}
