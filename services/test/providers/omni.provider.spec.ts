import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeVideo } from '../../src/video/providers/local/video-probe';
import { VeoProvider } from '../../src/video/providers/veo/veo.provider';
import {
  ModelUnavailableError,
  type ProviderInput,
  type ProviderJob,
  type ProviderParent,
} from '../../src/video/providers/video-provider';
import { providerRejection, TEST_DOWNLOAD_POLICY } from './fake-http';
import {
  fakeClip,
  OMNI_12_KEY_MODELS,
  OMNI_KEY_MODELS,
  startFakeInteractions,
  type FakeInteractions,
} from './fake-interactions';
import { DEFAULT_CATALOGUE } from '../../src/video/catalogue/default-catalogue';

/** The first three models, as the one provider before the catalogue served them. */
const LEGACY = DEFAULT_CATALOGUE.filter((entry) => ['veo3', 'veo3-fast-frames', 'omni'].includes(entry.id));

const OMNI = 'gemini-omni-1.1-flash';
const callbackUrl = 'https://veo3.example/api/video/callback/task-1?token=t';

const omniJob: ProviderJob = {
  model: 'omni',
  kind: 'generate',
  durationSeconds: 6,
  parent: null,
  aspectRatio: '16:9',
  resolution: '720p',
};
const textInput: ProviderInput = {
  ...omniJob,
  taskId: 'task-1',
  prompt: 'A fox runs through snow',
  providerModel: OMNI,
  shape: { aspectRatio: '16:9', resolution: '720p' },
  negativePrompt: null,
  image: null,
  lastFrame: null,
  referenceImages: [],
  instruction: null,
  seed: null,
  callbackUrl,
};

describe('VeoProvider speaking Gemini Omni Flash to a fake Interactions API', () => {
  let fake: FakeInteractions;
  let dir: string;
  let provider: VeoProvider;
  /** An 8 s Omni video of ours on disk, as the worker hands a parent over. */
  let parentPath: string;

  beforeAll(async () => {
    fake = await startFakeInteractions();
    dir = await mkdtemp(join(tmpdir(), 'omni-provider-'));
    parentPath = join(dir, 'parent.mp4');
    await writeFile(parentPath, fakeClip(8, { aspectRatio: '16:9', resolution: '720p' }));
  });
  afterAll(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.scenario = { pollsBeforeDone: 1, outcome: { kind: 'video' } };
    fake.models = [...OMNI_KEY_MODELS];
    provider = providerAt(fake.apiKey);
  });

  function providerAt(apiKey: string, omniModel = 'auto'): VeoProvider {
    return new VeoProvider({
      apiKey,
      baseUrl: fake.baseUrl,
      model: 'auto',
      fastModel: 'auto',
      omniModel,
      download: TEST_DOWNLOAD_POLICY,
    });
  }

  /** Polls until the interaction is no longer running (the fake finishes after a set number of polls). */
  async function finish(jobId: string, job: ProviderJob = omniJob) {
    for (let i = 0; i < 10; i++) {
      const status = await provider.poll(jobId, job);
      if (status.state !== 'running') return status;
    }
    throw new Error('the interaction never finished');
  }

  async function generated(input: ProviderInput = textInput): Promise<string> {
    const jobId = await provider.submit(input);
    expect(await finish(jobId)).toEqual({ state: 'succeeded' });
    return jobId;
  }

  const parent = (jobId: string | null, durationSeconds = 8): ProviderParent => ({
    jobId,
    videoPath: parentPath,
    durationSeconds,
    prompt: textInput.prompt,
  });

  describe("checking the key's model list", () => {
    it('finds Omni by name on a key that lists no Veo: Omni available, the Veo models not', async () => {
      const check = await provider.checkModels(LEGACY, new Set());

      expect(check.omni).toEqual({ providerModel: OMNI });
      expect(check.veo3).toMatchObject({ providerModel: null });
      expect(check['veo3-fast-frames']).toMatchObject({ providerModel: null });
      expect(fake.requests.every((r) => r.headers['x-goog-api-key'] === fake.apiKey)).toBe(true);
    });

    it('serves both families when the key lists Veo too, and prefers a newer Omni', async () => {
      fake.models = [...OMNI_KEY_MODELS, 'veo-3.1-generate-001', 'gemini-omni-1.2-flash-preview'];
      expect(await provider.checkModels(LEGACY, new Set())).toEqual({
        veo3: { providerModel: 'veo-3.1-generate-001' },
        'veo3-fast-frames': { providerModel: 'veo-3.1-generate-001' },
        omni: { providerModel: 'gemini-omni-1.2-flash-preview' },
      });
    });

    it('honours OMNI_MODEL and says why when it is not listed or was withdrawn', async () => {
      expect((await providerAt(fake.apiKey, 'gemini-omni-flash-preview').checkModels(LEGACY, new Set())).omni).toEqual({
        providerModel: 'gemini-omni-flash-preview',
      });
      expect((await providerAt(fake.apiKey, 'gemini-omni-1.2-flash').checkModels(LEGACY, new Set())).omni).toEqual({
        providerModel: null,
        reason:
          "OMNI_MODEL=gemini-omni-1.2-flash is not in this key's model list (retired, or not enabled for this key)",
      });
      expect((await provider.checkModels(LEGACY, new Set([OMNI]))).omni).toEqual({
        providerModel: 'gemini-omni-flash-preview',
      });
      fake.models = ['gemini-2.5-flash'];
      expect((await provider.checkModels(LEGACY, new Set())).omni).toEqual({
        providerModel: null,
        reason: "OMNI_MODEL=auto: this key's model list has no Gemini Omni Flash model",
      });
    });
  });

  describe('Gemini Omni 1.2 Flash', () => {
    const OMNI_MODELS = DEFAULT_CATALOGUE.filter((entry) => entry.id === 'omni' || entry.id === 'omni-1.2');
    const OMNI_12 = 'gemini-omni-1.2-flash';
    const omni12Job: ProviderJob = { ...omniJob, model: 'omni-1.2', durationSeconds: 15 };
    const omni12Input: ProviderInput = { ...textInput, ...omni12Job, providerModel: OMNI_12 };

    async function made(input: ProviderInput): Promise<string> {
      const jobId = await provider.submit(input);
      expect(await finish(jobId, input)).toEqual({ state: 'succeeded' });
      const destination = join(dir, `${jobId}.mp4`);
      await provider.download(jobId, destination, input);
      return destination;
    }

    it('prefers the generally available 1.2 for both omni and omni-1.2 where the key lists it', async () => {
      fake.models = [...OMNI_12_KEY_MODELS];
      expect(await provider.checkModels(OMNI_MODELS, new Set())).toEqual({
        omni: { providerModel: OMNI_12 },
        'omni-1.2': { providerModel: OMNI_12 },
      });
    });

    it('leaves omni-1.2 unavailable, saying why, on a key that lists only 1.1, while omni works', async () => {
      expect(await provider.checkModels(OMNI_MODELS, new Set())).toEqual({
        omni: { providerModel: OMNI },
        'omni-1.2': {
          providerModel: null,
          reason: "OMNI_MODEL=auto: this key's model list has no Gemini Omni 1.2 Flash model",
        },
      });
      fake.models = [...OMNI_12_KEY_MODELS];
      expect(await provider.checkModels(OMNI_MODELS, new Set([OMNI_12, 'gemini-omni-1.2-flash-preview']))).toEqual({
        omni: { providerModel: OMNI },
        'omni-1.2': {
          providerModel: null,
          reason: "OMNI_MODEL=auto: this key's model list has no Gemini Omni 1.2 Flash model",
        },
      });
    });

    it('says a pinned older OMNI_MODEL cannot serve omni-1.2', async () => {
      fake.models = [...OMNI_12_KEY_MODELS];
      expect(await providerAt(fake.apiKey, OMNI).checkModels(OMNI_MODELS, new Set())).toEqual({
        omni: { providerModel: OMNI },
        'omni-1.2': {
          providerModel: null,
          reason: `OMNI_MODEL=${OMNI}: Gemini Omni 1.2 Flash needs gemini-omni-1.2-flash or newer (or OMNI_MODEL=auto)`,
        },
      });
    });

    it('asks for a 15 s video as response_format.duration "15s" and stores all 15 s', async () => {
      fake.models = [...OMNI_12_KEY_MODELS];
      const video = await made(omni12Input);

      expect(fake.created().at(-1)).toMatchObject({
        model: OMNI_12,
        response_format: { type: 'video', aspect_ratio: '16:9', resolution: '720p', duration: '15s' },
      });
      expect(await probeVideo(video)).toMatchObject({ seconds: expect.closeTo(15, 0) });
    });

    it('asks for the draft as Google names it, response_format.resolution "360p", in either orientation', async () => {
      fake.models = [...OMNI_12_KEY_MODELS];
      const draft = { ...omni12Input, durationSeconds: 4, resolution: '360p' as const };
      const video = await made({ ...draft, shape: { aspectRatio: '16:9', resolution: '360p' } });

      expect(fake.created().at(-1)?.response_format).toEqual({
        type: 'video',
        aspect_ratio: '16:9',
        resolution: '360p',
        duration: '4s',
        delivery: 'uri',
      });
      expect(await probeVideo(video)).toMatchObject({ video: { width: 64, height: 36 } });
      await provider.submit({ ...draft, shape: { aspectRatio: '9:16', resolution: '360p' } });
      expect(fake.created().at(-1)?.response_format).toMatchObject({ aspect_ratio: '9:16', resolution: '360p' });
    });
  });

  it('creates a background interaction with the shape, duration, URI delivery and webhook, then stores the video', async () => {
    const jobId = await provider.submit(textInput);

    expect(jobId).toMatch(/^v1_[a-f0-9]+$/);
    const create = fake.requests.at(-1)!;
    expect(create.method).toBe('POST');
    expect(create.url).toBe('/v1beta/interactions');
    expect(create.headers['x-goog-api-key']).toBe(fake.apiKey);
    expect(JSON.parse(create.body)).toEqual({
      model: OMNI,
      input: textInput.prompt,
      background: true,
      response_format: { type: 'video', aspect_ratio: '16:9', resolution: '720p', duration: '6s', delivery: 'uri' },
      webhook_config: { uris: [callbackUrl] },
    });

    expect(await provider.poll(jobId, omniJob)).toEqual({ state: 'running' });
    expect(await provider.poll(jobId, omniJob)).toEqual({ state: 'succeeded' });
    expect(fake.requests.at(-1)?.url.split('?')[0]).toBe(`/v1beta/interactions/${jobId}`);

    const destination = join(dir, 'uri.part');
    await provider.download(jobId, destination, omniJob);
    expect((await readFile(destination)).equals(fake.interactions.get(jobId)!.video!)).toBe(true);
    expect(await probeVideo(destination)).toMatchObject({
      seconds: expect.closeTo(6, 0),
      video: { width: 128, height: 72 },
    });
    const fileRequest = fake.requests.find((r) => r.url.includes(':download'));
    expect(fileRequest?.headers['x-goog-api-key']).toBe(fake.apiKey);
  });

  it('takes a seed for Omni alone, sent as generation_config.seed; none is sent without one', async () => {
    expect([provider.takesSeed('omni'), provider.takesSeed('veo3'), provider.takesSeed('veo3-fast-frames')]).toEqual([
      true,
      false,
      false,
    ]);
    await provider.submit({ ...textInput, seed: 4_000_000_000 });
    expect(fake.created().at(-1)).toMatchObject({ generation_config: { seed: 4_000_000_000 } });
    await provider.submit(textInput);
    expect(fake.created().at(-1)).not.toHaveProperty('generation_config');
  });

  it('sends no webhook_config when the site cannot be called back, and 9:16 1080p as asked', async () => {
    await provider.submit({ ...textInput, callbackUrl: null, shape: { aspectRatio: '9:16', resolution: '1080p' } });

    const body = fake.created().at(-1)!;
    expect(body).not.toHaveProperty('webhook_config');
    expect(body.response_format).toMatchObject({ aspect_ratio: '9:16', resolution: '1080p' });
  });

  it('sends the first frame and the reference images as labelled image blocks, and the negative prompt in words', async () => {
    const image = { data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1]), mimeType: 'image/png' };
    const reference = { data: Buffer.from([0xff, 0xd8, 0xff, 2]), mimeType: 'image/jpeg' };
    await provider.submit({
      ...textInput,
      image,
      referenceImages: [reference, reference],
      negativePrompt: 'text overlays',
    });

    const input = fake.created().at(-1)!.input as { type: string; text?: string; data?: string; mime_type?: string }[];
    expect(input.map((block) => block.type)).toEqual(['text', 'image', 'text', 'image', 'text', 'image', 'text']);
    expect(input[1]).toEqual({ type: 'image', data: image.data.toString('base64'), mime_type: 'image/png' });
    expect(input[3]).toEqual({ type: 'image', data: reference.data.toString('base64'), mime_type: 'image/jpeg' });
    expect(input[2]?.text).toContain('Reference image 1');
    expect(input[6]?.text).toBe(`${textInput.prompt}\n\nAvoid: text overlays`);
  });

  it('streams a video that comes back inline to the file, byte for byte', async () => {
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'video' }, delivery: 'inline' };
    const jobId = await generated();

    const destination = join(dir, 'inline.part');
    await provider.download(jobId, destination, omniJob);
    expect((await readFile(destination)).equals(fake.interactions.get(jobId)!.video!)).toBe(true);
  });

  describe('editing', () => {
    const editJob = (from: ProviderParent): ProviderJob => ({
      ...omniJob,
      kind: 'edit',
      durationSeconds: 6,
      parent: from,
    });
    const editInput = (from: ProviderParent): ProviderInput => ({
      ...textInput,
      ...editJob(from),
      instruction: 'make it night',
    });

    it('continues the parent interaction with the instruction while Google holds it', async () => {
      const parentId = await generated();
      expect(await provider.checkParent(parent(parentId, 6), 'edit')).toBeNull();

      const jobId = await provider.submit(editInput(parent(parentId, 6)));
      const body = fake.created().at(-1)!;
      expect(body).toMatchObject({ model: OMNI, input: 'make it night', previous_interaction_id: parentId });
      expect(body.response_format).not.toHaveProperty('duration');
      expect(await finish(jobId, editJob(parent(parentId, 6)))).toEqual({ state: 'succeeded' });

      const destination = join(dir, 'edit.part');
      await provider.download(jobId, destination, editJob(parent(parentId, 6)));
      expect(await probeVideo(destination)).toMatchObject({ seconds: expect.closeTo(6, 0) });
    });

    it('sends the parent video itself when Google no longer holds the parent interaction', async () => {
      const parentId = await generated();
      fake.expire(parentId);
      expect(await provider.checkParent(parent(parentId), 'edit')).toBeNull();
      fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'video' }, delivery: 'inline' };

      const jobId = await provider.submit(editInput(parent(parentId)));
      const [refused, sent] = fake.requests.filter((r) => r.method === 'POST').slice(-2);
      expect(JSON.parse(refused!.body).previous_interaction_id).toBe(parentId);
      const body = JSON.parse(sent!.body);
      expect(body).not.toHaveProperty('previous_interaction_id');
      expect(body.input).toEqual([
        { type: 'video', data: (await readFile(parentPath)).toString('base64'), mime_type: 'video/mp4' },
        { type: 'text', text: 'make it night' },
      ]);

      // The answer echoes our input video before the model's: the stored file is the model's.
      expect(await finish(jobId)).toEqual({ state: 'succeeded' });
      const destination = join(dir, 'edit-inline.part');
      await provider.download(jobId, destination, editJob(parent(parentId)));
      expect((await readFile(destination)).equals(fake.interactions.get(jobId)!.video!)).toBe(true);
      expect(await probeVideo(destination)).toMatchObject({ seconds: expect.closeTo(8, 0) });
    });

    it('sends the video of a parent another provider made (no interaction to continue)', async () => {
      await provider.submit(editInput(parent(null)));
      expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      expect((fake.created().at(-1)!.input as { type: string }[])[0]?.type).toBe('video');
    });

    it('refuses to edit a version longer than Omni takes once its interaction is gone', async () => {
      expect(await provider.checkParent(parent('v1_gone', 24), 'edit')).toBe(
        'This version is too long to edit (24 s; edits take videos up to 10 s). Edit an earlier version instead.',
      );
      expect(await provider.checkParent({ ...parent(null), videoPath: join(dir, 'missing.mp4') }, 'edit')).toMatch(
        /missing/,
      );
    });
  });

  describe('extending', () => {
    const extendJob: ProviderJob = { ...omniJob, kind: 'extend', durationSeconds: 12, parent: null };

    it('sends the video with "continue for N seconds" and stores parent and added seconds as one video', async () => {
      const from = parent('v1_whatever');
      const job = { ...extendJob, parent: from };
      expect(await provider.checkParent(from, 'extend')).toBeNull();
      const jobId = await provider.submit({ ...textInput, ...job });

      const body = fake.created().at(-1)!;
      expect(body.response_format).toMatchObject({ duration: '4s' });
      expect(body).not.toHaveProperty('previous_interaction_id');
      const input = body.input as { type: string; text?: string }[];
      expect(input[0]?.type).toBe('video');
      expect(input[1]?.text).toMatch(/^Continue this shot for 4 more seconds/);

      expect(jobId).toMatch(/^v1_[a-f0-9]+#extension$/);
      expect(await finish(jobId, job)).toEqual({ state: 'succeeded' });
      const destination = join(dir, 'extended.part');
      await provider.download(jobId, destination, job);
      const probe = await probeVideo(destination);
      expect(probe?.seconds).toBeGreaterThan(11.5);
      expect(probe?.seconds).toBeLessThan(12.5);
      expect(probe).toMatchObject({ video: { width: 128, height: 72 }, audio: 'aac' });
    });

    it('adds what happens next to the request when the extension has an instruction', async () => {
      await provider.submit({ ...textInput, ...extendJob, parent: parent(null), instruction: 'the gulls take off' });

      const input = fake.created().at(-1)!.input as { type: string; text?: string }[];
      expect(input[1]?.text).toMatch(/^Continue this shot for 4 more seconds.* What happens next: the gulls take off$/);
    });

    it('keeps the answer as it is when it already holds the whole video', async () => {
      fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'video' }, extension: 'whole' };
      const job = { ...extendJob, parent: parent(null) };
      const jobId = await provider.submit({ ...textInput, ...job });
      expect(await finish(jobId, job)).toEqual({ state: 'succeeded' });

      const destination = join(dir, 'extended-whole.part');
      await provider.download(jobId, destination, job);
      expect((await readFile(destination)).equals(fake.interactions.get(jobId.split('#')[0]!)!.video!)).toBe(true);
    });

    it('edits an extended version by sending its stored video, not by continuing the interaction that made the added seconds', async () => {
      const job = { ...extendJob, parent: parent(null) };
      const extensionId = await provider.submit({ ...textInput, ...job });
      expect(await finish(extensionId, job)).toEqual({ state: 'succeeded' });
      const extended = parent(extensionId, 12);
      expect(await provider.checkParent(extended, 'edit')).toBe(
        'This version is too long to edit (12 s; edits take videos up to 10 s). Edit an earlier version instead.',
      );

      await provider.submit({ ...textInput, kind: 'edit', parent: parent(extensionId, 8), instruction: 'night' });
      const body = fake.created().at(-1)!;
      expect(body).not.toHaveProperty('previous_interaction_id');
      expect((body.input as { type: string }[]).map((b) => b.type)).toEqual(['video', 'text']);
    });
  });

  it('reports a safety refusal as rejected, with the reason', async () => {
    const message = 'The request was blocked by safety filters.';
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'refused', message } };
    const jobId = await provider.submit(textInput);

    expect(await provider.poll(jobId, omniJob)).toEqual({ state: 'failed', reason: message, rejected: true });
  });

  it('reports any other failure as failed, not rejected', async () => {
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'error', message: 'Internal error while rendering.' } };
    const jobId = await provider.submit(textInput);

    expect(await provider.poll(jobId, omniJob)).toEqual({ state: 'failed', reason: 'Internal error while rendering.' });
  });

  it('keeps answering running for an interaction that never finishes', async () => {
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'never' } };
    const jobId = await provider.submit(textInput);

    for (let i = 0; i < 4; i++) expect(await provider.poll(jobId, omniJob)).toEqual({ state: 'running' });
  });

  it('answers lost for an interaction of ours that Google no longer knows, so it is submitted again', async () => {
    const jobId = await provider.submit(textInput);
    fake.expire(jobId);

    expect(await provider.poll(jobId, omniJob)).toEqual({ state: 'lost' });
  });

  it('maps 429 with Retry-After on create to a retryable error that says how long to wait, sent once', async () => {
    fake.failNext({
      status: 429,
      body: { error: { code: 429, message: 'Resource has been exhausted.', status: 'RESOURCE_EXHAUSTED' } },
      headers: { 'Retry-After': '17' },
    });
    const error = await providerRejection(provider.submit(textInput));

    expect(error).toMatchObject({ retryable: true, retryAfterSeconds: 17, failure: 'rate_limited' });
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("reads the wait from Google's RetryInfo on a poll", async () => {
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

    expect(await providerRejection(provider.poll(jobId, omniJob))).toMatchObject({
      retryable: true,
      retryAfterSeconds: 37,
    });
  });

  it('maps a 503 to a retryable error', async () => {
    fake.failNext({ status: 503, body: { error: { code: 503, message: 'Overloaded.', status: 'UNAVAILABLE' } } });

    expect(await providerRejection(provider.submit(textInput))).toMatchObject({ retryable: true });
  });

  it('does not retry a wrong API key', async () => {
    const error = await providerRejection(providerAt('wrong-key').submit(textInput));

    expect(error).toMatchObject({ retryable: false });
    expect(error.message).toContain('API key not valid');
  });

  it('reports a model that left the list (404 on create) as unavailable, naming it', async () => {
    fake.withdraw(OMNI);
    const error = await providerRejection(provider.submit(textInput));

    expect(error).toBeInstanceOf(ModelUnavailableError);
    expect(error).toMatchObject({ providerModel: OMNI, retryable: false });
  });
});
