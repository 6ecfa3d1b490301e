import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_CATALOGUE } from '../../src/video/catalogue/default-catalogue';
import { falFamily, falInput, type FalRequest } from '../../src/video/providers/fal/fal-inputs';
import { FalProvider } from '../../src/video/providers/fal/fal.provider';
import { probeVideo } from '../../src/video/providers/local/video-probe';
import { ModelUnavailableError, type ProviderInput, type ProviderJob } from '../../src/video/providers/video-provider';
import {
  providerRejection,
  sendJson,
  startFakeServer,
  TEST_DOWNLOAD_POLICY,
  type FakeServer,
  type RecordedRequest,
} from './fake-http';
import { FAL_FAIL_MARKER, FAL_REFUSE_MARKER, startFakeFal, type FakeFal } from './fake-fal';

const KLING_TEXT = 'fal-ai/kling-video/v2.5-turbo/pro/text-to-video';
const SEEDANCE_IMAGE = 'fal-ai/bytedance/seedance/v1/pro/image-to-video';
/** A PNG's first bytes: the fake stores whatever arrives, so the exact bytes can be compared. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from([0, 1, 2, 250, 251, 252, 0x80, 0xff])]);

const klingJob: ProviderJob = {
  aspectRatio: '16:9',
  resolution: '1080p',
  model: 'kling-2.5-turbo',
  kind: 'generate',
  durationSeconds: 5,
  parent: null,
};
const klingText: ProviderInput = {
  ...klingJob,
  taskId: 'task-1',
  prompt: 'A fox runs through snow',
  providerModel: KLING_TEXT,
  shape: { aspectRatio: '16:9', resolution: '1080p' },
  negativePrompt: 'blurry',
  image: null,
  lastFrame: null,
  referenceImages: [],
  instruction: null,
  seed: null,
  callbackUrl: null,
};
const seedanceJob: ProviderJob = { ...klingJob, aspectRatio: '9:16', resolution: '720p', model: 'seedance-1-pro' };
const seedanceImage: ProviderInput = {
  ...klingText,
  ...seedanceJob,
  prompt: 'The kite lifts off the beach',
  providerModel: SEEDANCE_IMAGE,
  shape: { aspectRatio: '9:16', resolution: '720p' },
  negativePrompt: null,
  image: { data: PNG, mimeType: 'image/png' },
  seed: 1234,
};

describe('FalProvider against a fake fal.ai queue, through @fal-ai/client', () => {
  let fake: FakeFal;
  let dir: string;
  let provider: FalProvider;

  beforeAll(async () => {
    fake = await startFakeFal();
    dir = await mkdtemp(join(tmpdir(), 'fal-provider-'));
  });
  afterAll(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.scenario = { queuedPolls: 1, runningPolls: 1 };
    fake.withdrawn.clear();
    provider = falAt(fake.baseUrl, fake.apiKey);
  });

  const submits = (): RecordedRequest[] =>
    fake.requests.filter((r) => r.method === 'POST' && !r.url.startsWith('/storage'));

  it('makes a Kling text-to-video: queued, rendering, done, and a real MP4 downloaded', async () => {
    const jobId = await provider.submit(klingText);

    const [submit] = submits();
    expect(submit!.url).toBe(`/${KLING_TEXT}`);
    expect(submit!.headers.authorization).toBe(`Key ${fake.apiKey}`);
    expect(JSON.parse(submit!.body)).toEqual({
      prompt: klingText.prompt,
      duration: '5',
      aspect_ratio: '16:9',
      negative_prompt: 'blurry',
    });
    expect(await provider.poll(jobId, klingJob)).toEqual({ state: 'running', message: 'Waiting in the queue' });
    expect(await provider.poll(jobId, klingJob)).toEqual({ state: 'running', message: 'Rendering the video' });
    expect(await provider.poll(jobId, klingJob)).toEqual({ state: 'succeeded' });
    // Status and result are asked of the endpoint's app, as fal.ai's queue wants.
    expect(fake.requests.some((r) => r.url.startsWith('/fal-ai/kling-video/requests/'))).toBe(true);

    const file = join(dir, 'kling.mp4');
    await provider.download(jobId, file, klingJob);
    expect(await readFile(file)).toEqual(fake.videoFor('16:9'));
    const probe = await probeVideo(file);
    expect(probe?.seconds).toBeCloseTo(1, 0);
    expect(probe?.video).toMatchObject({ codec: 'h264', width: 64, height: 36 });
  });

  it('makes a Seedance image-to-video from the uploaded frame, with its seed', async () => {
    const jobId = await provider.submit(seedanceImage);

    const body = JSON.parse(submits()[0]!.body) as Record<string, unknown>;
    expect(body).toEqual({
      prompt: seedanceImage.prompt,
      image_url: expect.stringMatching(/\/files\/[\w-]+$/),
      duration: '5',
      aspect_ratio: '9:16',
      resolution: '720p',
      seed: 1234,
    });
    expect(fake.uploads.get(body.image_url as string)).toEqual({ data: PNG, contentType: 'image/png' });
    const initiate = fake.requests.find((r) => r.url.startsWith('/storage/upload/initiate'));
    expect(initiate?.headers.authorization).toBe(`Key ${fake.apiKey}`);

    let status = await provider.poll(jobId, seedanceJob);
    while (status.state === 'running') status = await provider.poll(jobId, seedanceJob);
    expect(status).toEqual({ state: 'succeeded' });
    const file = join(dir, 'seedance.mp4');
    await provider.download(jobId, file, seedanceJob);
    const probe = await probeVideo(file);
    expect(probe?.seconds).toBeCloseTo(1, 0);
    expect(probe?.video).toMatchObject({ width: 36, height: 64 });
  });

  it('takes a seed only for models whose endpoints document one', () => {
    expect(provider.takesSeed('seedance-1-pro')).toBe(true);
    expect(provider.takesSeed('kling-2.5-turbo')).toBe(false);
    expect(provider.takesSeed('veo3')).toBe(false);
  });

  it('reports a request fal.ai finished with an error as failed', async () => {
    const jobId = await provider.submit({ ...klingText, prompt: `Explode ${FAL_FAIL_MARKER}` });

    let status = await provider.poll(jobId, klingJob);
    while (status.state === 'running') status = await provider.poll(jobId, klingJob);

    expect(status).toEqual({ state: 'failed', reason: 'The model crashed while generating the video' });
  });

  it('reports a content-policy refusal as rejected', async () => {
    const jobId = await provider.submit({ ...klingText, prompt: `Something flagged ${FAL_REFUSE_MARKER}` });

    let status = await provider.poll(jobId, klingJob);
    while (status.state === 'running') status = await provider.poll(jobId, klingJob);

    expect(status).toEqual({
      state: 'failed',
      reason: 'prompt: The content was flagged by a content checker.',
      rejected: true,
    });
  });

  it('refuses input the endpoint does not take (422) without retrying, in fal.ai words', async () => {
    const error = await providerRejection(provider.submit({ ...klingText, durationSeconds: 7 }));

    expect(error).not.toBeInstanceOf(ModelUnavailableError);
    expect(error.retryable).toBe(false);
    expect(error.failure).toBe('provider_refused');
    expect(error.message).toBe("fal.ai 422: duration: Input should be '5' or '10'");
  });

  it('never puts the key into an error message', async () => {
    const [id, secret] = fake.apiKey.split(':');
    fake.failNext(
      {
        status: 422,
        body: { detail: [{ loc: ['body', 'prompt'], msg: `Bad key ${fake.apiKey} (${secret})`, type: 'x' }] },
      },
      /text-to-video$/,
    );

    const error = await providerRejection(provider.submit(klingText));

    expect(error.message).toContain('Bad key ***');
    expect(error.message).not.toContain(secret!);
    expect(error.message).not.toContain(id!);
  });

  it('calls an endpoint fal.ai no longer serves unavailable, and the model check then says so', async () => {
    fake.withdrawn.add(KLING_TEXT);

    const error = await providerRejection(provider.submit(klingText));

    expect(error).toBeInstanceOf(ModelUnavailableError);
    expect((error as ModelUnavailableError).providerModel).toBe(KLING_TEXT);
    const check = await provider.checkModels(DEFAULT_CATALOGUE, new Set([KLING_TEXT]));
    expect(check['kling-2.5-turbo']).toEqual({
      providerModel: null,
      reason: `fal.ai answered that ${KLING_TEXT} is no longer available`,
    });
    expect(check['seedance-1-pro']).toEqual({ providerModel: 'fal-ai/bytedance/seedance/v1/pro/text-to-video' });
    expect(check).not.toHaveProperty('veo3');
  });

  it('calls a server error on submit retryable, and a request fal.ai no longer knows lost', async () => {
    fake.failNext({ status: 500, body: { detail: 'Internal Server Error' } }, /text-to-video$/);
    const error = await providerRejection(provider.submit(klingText));
    expect(error.retryable).toBe(true);

    expect(await provider.poll(`${KLING_TEXT}#not-a-request`, klingJob)).toEqual({ state: 'lost' });
  });

  describe('with a site fal.ai can call back', () => {
    let site: FakeServer;
    beforeAll(async () => {
      site = await startFakeServer((_request, res) => sendJson(res, 200, { ok: true }));
    });
    afterAll(() => site.close());

    it('hands fal.ai the callback URL, which fal.ai calls with the outcome when the request ends', async () => {
      fake.scenario = { queuedPolls: 0, runningPolls: 0, doneAfterMs: 20 };
      const callbackUrl = `${site.baseUrl}/api/video/callback/task-1?token=secret`;

      const jobId = await provider.submit({ ...klingText, callbackUrl });

      const submitted = new URL(submits()[0]!.url, 'http://fake');
      expect(submitted.searchParams.get('fal_webhook')).toBe(callbackUrl);
      while (site.requests.length === 0) await sleep(10);
      const [call] = site.requests;
      expect(call!.url).toBe('/api/video/callback/task-1?token=secret');
      const body = JSON.parse(call!.body) as Record<string, unknown>;
      expect(body).toMatchObject({ request_id: jobId.split('#')[1], status: 'OK' });
      expect(body.payload).toMatchObject({ video: { url: expect.stringMatching(/\.mp4$/) } });
      expect(await provider.poll(jobId, klingJob)).toEqual({ state: 'succeeded' });
    });
  });
});

describe('fal.ai inputs, as each endpoint documents them', () => {
  const text: FalRequest = {
    tab: 'text',
    prompt: 'A lighthouse at dusk',
    durationSeconds: 5,
    aspectRatio: '9:16',
    resolution: '720p',
    negativePrompt: 'people',
    seed: 7,
    imageUrl: null,
    lastFrameUrl: null,
  };
  const image: FalRequest = { ...text, tab: 'image', negativePrompt: null, imageUrl: 'https://cdn/first.png' };
  const inputOf = (endpoint: string, request: FalRequest) => falInput(falFamily(endpoint)!, request);

  it('knows the inputs of every endpoint the catalogue routes to fal.ai', () => {
    const endpoints = DEFAULT_CATALOGUE.flatMap((entry) => [entry.routes.fal?.text, entry.routes.fal?.image]);
    const unknown = endpoints.filter((endpoint) => endpoint !== undefined && !falFamily(endpoint));
    expect(unknown).toEqual([]);
  });

  const cases: [string, FalRequest, Record<string, unknown>][] = [
    [
      'fal-ai/veo3/fast',
      { ...text, durationSeconds: 8 },
      {
        duration: '8s',
        aspect_ratio: '9:16',
        resolution: '720p',
        negative_prompt: 'people',
        seed: 7,
        generate_audio: true,
      },
    ],
    ['fal-ai/kling-video/v2.1/master/image-to-video', image, { image_url: 'https://cdn/first.png', duration: '5' }],
    ['fal-ai/minimax/hailuo-02/standard/text-to-video', { ...text, durationSeconds: 6 }, { duration: '6' }],
    [
      'fal-ai/minimax/hailuo-02/standard/image-to-video',
      { ...image, durationSeconds: 10 },
      { image_url: 'https://cdn/first.png', duration: '10', resolution: '768P' },
    ],
    ['fal-ai/minimax/hailuo-02/pro/text-to-video', { ...text, durationSeconds: 6, resolution: '1080p' }, {}],
    [
      'fal-ai/wan/v2.2-a14b/text-to-video',
      { ...text, resolution: '480p' },
      { num_frames: 81, aspect_ratio: '9:16', resolution: '480p', negative_prompt: 'people', seed: 7 },
    ],
    [
      'fal-ai/wan-25-preview/image-to-video',
      { ...image, durationSeconds: 10, resolution: '1080p' },
      { image_url: 'https://cdn/first.png', duration: '10', resolution: '1080p', seed: 7 },
    ],
    [
      'fal-ai/luma-dream-machine/ray-2',
      { ...text, resolution: '1080p' },
      { duration: '5s', aspect_ratio: '9:16', resolution: '1080p' },
    ],
    [
      'fal-ai/pixverse/v5/image-to-video',
      { ...image, durationSeconds: 8 },
      { image_url: 'https://cdn/first.png', duration: '8', resolution: '720p', seed: 7 },
    ],
  ];
  it.each(cases)('%s', (endpoint, request, expected) => {
    expect(inputOf(endpoint, request)).toEqual({ prompt: 'A lighthouse at dusk', ...expected });
  });
});

function falAt(baseUrl: string, apiKey: string): FalProvider {
  return new FalProvider({ apiKey, baseUrl, catalogue: DEFAULT_CATALOGUE, download: TEST_DOWNLOAD_POLICY });
}
