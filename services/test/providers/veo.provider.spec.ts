import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModelUnavailableError, type ProviderInput, type ProviderJob } from '../../src/video/providers/video-provider';
import { VeoProvider } from '../../src/video/providers/veo/veo.provider';
import {
  fakeVideoBytes,
  providerRejection,
  sendVideo,
  startFakeServer,
  TEST_DOWNLOAD_POLICY,
  type RecordedRequest,
} from './fake-http';
import { KEY_MODELS, startFakeVeo, type FakeVeo } from './fake-veo';
import { DEFAULT_CATALOGUE } from '../../src/video/catalogue/default-catalogue';

/** The first three models, as the one provider before the catalogue served them. */
const LEGACY = DEFAULT_CATALOGUE.filter((entry) => ['veo3', 'veo3-fast-frames', 'omni'].includes(entry.id));

const VEO_TEXT_MODEL_ID = 'veo-3.1-generate-001';
const VEO_IMAGE_MODEL_ID = 'veo-3.1-fast-generate-001';

/** What poll and download know of a Veo task. */
const veoJob: ProviderJob = {
  model: 'veo3',
  kind: 'generate',
  durationSeconds: 8,
  parent: null,
  aspectRatio: '16:9',
  resolution: '720p',
};
const textInput: ProviderInput = {
  ...veoJob,
  taskId: 'task-1',
  prompt: 'A fox runs through snow',
  providerModel: VEO_TEXT_MODEL_ID,
  shape: { aspectRatio: '16:9', resolution: '720p' },
  negativePrompt: null,
  image: null,
  lastFrame: null,
  referenceImages: [],
  instruction: null,
  seed: null,
  callbackUrl: 'https://veo3.example/api/video/callback/task-1?token=t',
};
const NO_OMNI = {
  providerModel: null,
  reason: "OMNI_MODEL=auto: this key's model list has no Gemini Omni Flash model",
};

describe('VeoProvider against a fake Gemini API', () => {
  let fake: FakeVeo;
  let dir: string;
  let provider: VeoProvider;

  beforeAll(async () => {
    fake = await startFakeVeo();
    dir = await mkdtemp(join(tmpdir(), 'veo-provider-'));
  });
  afterAll(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.scenario = { pollsBeforeDone: 2, outcome: { kind: 'video' } };
    fake.models = [...KEY_MODELS];
    fake.withdrawn.clear();
    provider = veoAt(fake.baseUrl, fake.apiKey);
  });

  const lastRequest = (): RecordedRequest => fake.requests.at(-1) as RecordedRequest;

  it('submits a text prompt, polls until done and downloads the exact bytes', async () => {
    const jobId = await provider.submit(textInput);

    expect(jobId).toMatch(new RegExp(`^models/${VEO_TEXT_MODEL_ID}/operations/[a-f0-9]+$`));
    const submit = lastRequest();
    expect(submit.method).toBe('POST');
    expect(submit.url).toBe(`/v1beta/models/${VEO_TEXT_MODEL_ID}:predictLongRunning`);
    expect(submit.headers['x-goog-api-key']).toBe(fake.apiKey);
    expect(JSON.parse(submit.body)).toEqual({
      instances: [{ prompt: textInput.prompt }],
      parameters: { aspectRatio: '16:9', resolution: '720p' },
    });

    expect(await provider.poll(jobId, veoJob)).toEqual({ state: 'running' });
    expect(await provider.poll(jobId, veoJob)).toEqual({ state: 'running' });
    expect(await provider.poll(jobId, veoJob)).toEqual({ state: 'succeeded' });
    expect(lastRequest().url).toBe(`/v1beta/${jobId}`);

    const destination = join(dir, 'text.part');
    await provider.download(jobId, destination, veoJob);
    expect((await readFile(destination)).equals(fake.video)).toBe(true);
    const fileRequest = fake.requests.find((r) => r.url.includes(':download'));
    expect(fileRequest?.url).toMatch(/^\/v1beta\/files\/[a-z0-9]+:download\?alt=media$/);
    expect(fileRequest?.headers['x-goog-api-key']).toBe(fake.apiKey);
    expect(fake.requests.every((r) => r.url.startsWith('/stored/') || r.headers['x-goog-api-key'])).toBe(true);
  });

  it('sends the first and last frames base64-encoded with their types to the image model', async () => {
    const image = { data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), mimeType: 'image/png' };
    const lastFrame = { data: Buffer.from([0xff, 0xd8, 0xff, 9, 9]), mimeType: 'image/jpeg' };
    const jobId = await provider.submit({
      ...textInput,
      model: 'veo3-fast-frames',
      providerModel: VEO_IMAGE_MODEL_ID,
      image,
      lastFrame,
    });

    expect(jobId.startsWith(`models/${VEO_IMAGE_MODEL_ID}/operations/`)).toBe(true);
    expect(lastRequest().url).toBe(`/v1beta/models/${VEO_IMAGE_MODEL_ID}:predictLongRunning`);
    expect(JSON.parse(lastRequest().body).instances).toEqual([
      {
        prompt: textInput.prompt,
        image: { bytesBase64Encoded: image.data.toString('base64'), mimeType: 'image/png' },
        lastFrame: { bytesBase64Encoded: lastFrame.data.toString('base64'), mimeType: 'image/jpeg' },
      },
    ]);
  });

  it('sends 9:16, 1080p and the negative prompt exactly as Veo takes them', async () => {
    await provider.submit({
      ...textInput,
      shape: { aspectRatio: '9:16', resolution: '1080p' },
      negativePrompt: 'blurry, text overlays',
    });

    expect(JSON.parse(lastRequest().body)).toEqual({
      instances: [{ prompt: textInput.prompt }],
      parameters: { aspectRatio: '9:16', resolution: '1080p', negativePrompt: 'blurry, text overlays' },
    });
  });

  it('submits to the provider model it is given', async () => {
    await provider.submit({ ...textInput, providerModel: 'veo-3.1-generate-preview' });
    expect(lastRequest().url).toBe('/v1beta/models/veo-3.1-generate-preview:predictLongRunning');
  });

  describe("checking the key's model list", () => {
    it('reads every page of models.list and, with auto, picks the newest Veo for each mode', async () => {
      expect(await provider.checkModels(LEGACY, new Set())).toEqual({
        veo3: { providerModel: 'veo-3.1-generate-001' },
        'veo3-fast-frames': { providerModel: 'veo-3.1-fast-generate-001' },
        omni: NO_OMNI,
      });
      const listCalls = fake.requests.filter((r) => r.url.startsWith('/v1beta/models?'));
      expect(listCalls.length).toBe(Math.ceil(KEY_MODELS.length / 2));
      expect(listCalls.every((r) => r.headers['x-goog-api-key'] === fake.apiKey)).toBe(true);
    });

    it('reports an explicit retired id as unusable, with the reason, and keeps a listed one', async () => {
      const pinned = new VeoProvider({
        apiKey: fake.apiKey,
        baseUrl: fake.baseUrl,
        model: 'veo-3.0-generate-001',
        fastModel: 'veo-3.1-fast-generate-001',
        omniModel: 'auto',
        download: TEST_DOWNLOAD_POLICY,
      });
      expect(await pinned.checkModels(LEGACY, new Set())).toEqual({
        veo3: {
          providerModel: null,
          reason:
            "VEO_MODEL=veo-3.0-generate-001 is not in this key's model list (retired, or not enabled for this key)",
        },
        'veo3-fast-frames': { providerModel: 'veo-3.1-fast-generate-001' },
        omni: NO_OMNI,
      });
    });

    it('leaves out withdrawn models, falling back to the next best, and says so when none is left', async () => {
      expect((await provider.checkModels(LEGACY, new Set(['veo-3.1-fast-generate-001'])))['veo3-fast-frames']).toEqual({
        providerModel: 'veo-3.1-generate-001',
      });
      fake.models = ['gemini-2.5-flash', 'veo-2.0-generate-001'];
      expect((await provider.checkModels(LEGACY, new Set())).veo3).toEqual({
        providerModel: null,
        reason: "VEO_MODEL=auto: this key's model list has no Veo 3 model that makes video",
      });
    });

    it('fails with a retryable error when the list cannot be read', async () => {
      fake.failNext({ status: 503, body: { error: { code: 503, message: 'Unavailable', status: 'UNAVAILABLE' } } });
      expect(await providerRejection(provider.checkModels(LEGACY, new Set()))).toMatchObject({ retryable: true });
    });
  });

  it('reports a retired model answering 404 as unavailable, naming it', async () => {
    const error = await providerRejection(provider.submit({ ...textInput, providerModel: 'veo-3.0-generate-001' }));

    expect(error).toBeInstanceOf(ModelUnavailableError);
    expect(error).toMatchObject({ providerModel: 'veo-3.0-generate-001', retryable: false });
    expect(error.message).toContain('NOT_FOUND');
  });

  it('reports a model withdrawn while its operation runs as unavailable', async () => {
    const jobId = await provider.submit(textInput);
    expect(await provider.poll(jobId, veoJob)).toEqual({ state: 'running' });
    fake.withdraw(VEO_TEXT_MODEL_ID);

    const error = await providerRejection(provider.poll(jobId, veoJob));
    expect(error).toBeInstanceOf(ModelUnavailableError);
    expect(error).toMatchObject({ providerModel: VEO_TEXT_MODEL_ID });
    expect(error.message).toContain('no longer available');
  });

  it("reports a failed operation with the provider's message", async () => {
    fake.scenario = {
      pollsBeforeDone: 1,
      outcome: { kind: 'error', code: 13, message: 'Internal error while rendering.' },
    };
    const jobId = await provider.submit(textInput);

    expect(await provider.poll(jobId, veoJob)).toEqual({ state: 'running' });
    expect(await provider.poll(jobId, veoJob)).toEqual({ state: 'failed', reason: 'Internal error while rendering.' });
  });

  it('reports responsible-AI filtering as a rejection with the reasons', async () => {
    const reason = "We encountered an issue with the audio for your prompt. You haven't been charged.";
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'filtered', reasons: [reason] } };
    const jobId = await provider.submit(textInput);

    expect(await provider.poll(jobId, veoJob)).toEqual({ state: 'failed', reason, rejected: true });
    await expect(provider.download(jobId, join(dir, 'filtered.part'), veoJob)).rejects.toMatchObject({
      retryable: false,
    });
  });

  it('keeps answering running for an operation that never finishes', async () => {
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'never' } };
    const jobId = await provider.submit(textInput);

    for (let i = 0; i < 6; i++) expect(await provider.poll(jobId, veoJob)).toEqual({ state: 'running' });
  });

  it('maps 429 with Retry-After to a retryable error that says how long to wait', async () => {
    fake.failNext({
      status: 429,
      body: { error: { code: 429, message: 'Resource has been exhausted.', status: 'RESOURCE_EXHAUSTED' } },
      headers: { 'Retry-After': '17' },
    });
    const error = await providerRejection(provider.submit(textInput));

    expect(error).toMatchObject({ retryable: true, retryAfterSeconds: 17 });
    expect(error.message).toContain('RESOURCE_EXHAUSTED');
  });

  it("reads the wait from Google's RetryInfo when there is no Retry-After header", async () => {
    const jobId = await provider.submit(textInput);
    fake.failNext({
      status: 429,
      body: {
        error: {
          code: 429,
          message: 'You exceeded your current quota.',
          status: 'RESOURCE_EXHAUSTED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '36.5s' }],
        },
      },
    });

    expect(await providerRejection(provider.poll(jobId, veoJob))).toMatchObject({
      retryable: true,
      retryAfterSeconds: 37,
    });
  });

  it.each([
    [500, { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } }],
    [503, { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }],
    [502, '<html><body>502 Bad Gateway</body></html>'],
  ])('maps HTTP %i to a retryable error', async (status, body) => {
    fake.failNext({ status, body });
    const error = await providerRejection(provider.submit(textInput));

    expect(error.retryable).toBe(true);
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(error.message).toContain(String(status));
  });

  it('maps a dropped connection to a retryable error', async () => {
    const jobId = await provider.submit(textInput);
    fake.failNext('disconnect');

    expect(await providerRejection(provider.poll(jobId, veoJob))).toMatchObject({ retryable: true });
  });

  it('does not retry a wrong API key (Google answers 400 API key not valid)', async () => {
    const error = await providerRejection(veoAt(fake.baseUrl, 'wrong-key').submit(textInput));

    expect(error).toMatchObject({ retryable: false, retryAfterSeconds: undefined });
    expect(error.message).toContain('API key not valid');
  });

  it.each([
    [401, 'UNAUTHENTICATED'],
    [403, 'PERMISSION_DENIED'],
    [400, 'INVALID_ARGUMENT'],
    [404, 'NOT_FOUND'],
  ])('does not retry HTTP %i', async (status, code) => {
    fake.failNext({ status, body: { error: { code: status, message: 'Refused.', status: code } } });

    expect(await providerRejection(provider.submit(textInput))).toMatchObject({ retryable: false });
  });

  it('reports a download cut off halfway as retryable, then succeeds on the next try', async () => {
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'video' } };
    const jobId = await provider.submit(textInput);
    const destination = join(dir, 'truncated.part');
    fake.failNext('truncate', /^\/stored\//);

    expect(await providerRejection(provider.download(jobId, destination, veoJob))).toMatchObject({ retryable: true });
    await provider.download(jobId, destination, veoJob);
    expect((await readFile(destination)).equals(fake.video)).toBe(true);
  });

  it('does not send the API key when the video lives on another origin', async () => {
    const other = fakeVideoBytes(1024);
    const storage = await startFakeServer((_request, res) => sendVideo(res, other));
    try {
      fake.videoUri = (fileId) => `${storage.baseUrl}/v1beta/files/${fileId}:download?alt=media`;
      fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'video' } };
      const jobId = await provider.submit(textInput);
      const destination = join(dir, 'elsewhere.part');
      await provider.download(jobId, destination, veoJob);

      expect((await readFile(destination)).equals(other)).toBe(true);
      expect(storage.requests).toHaveLength(1);
      expect(storage.requests[0]?.headers['x-goog-api-key']).toBeUndefined();
    } finally {
      fake.videoUri = (fileId) => `${fake.baseUrl}/v1beta/files/${fileId}:download?alt=media`;
      await storage.close();
    }
  });
});

function veoAt(baseUrl: string, apiKey: string): VeoProvider {
  return new VeoProvider({
    apiKey,
    baseUrl,
    model: 'auto',
    fastModel: 'auto',
    omniModel: 'auto',
    download: TEST_DOWNLOAD_POLICY,
  });
}
