import sharp from 'sharp';
import { DataSource } from 'typeorm';
import type { CatalogueEntry } from '../src/video/catalogue/catalogue-entry';
import type { ModelCheck } from '../src/video/providers/video-provider';
import { VideoProviders } from '../src/video/providers/video-providers';
import { VideoAvailability } from '../src/video/video-availability';
import { VideoStorage } from '../src/video/video-storage';
import { ScriptedProvider } from './support/scripted-provider';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient, type Upload } from './support/video-client';

jest.setTimeout(60_000);

/** The scripted provider serving Gemini Omni 1.2 Flash too, which can be taken away (`omni12 = false`, then a refresh). */
class Omni12Provider extends ScriptedProvider {
  omni12 = true;

  constructor() {
    super(1);
    this.seeded.add('omni-1.2');
  }

  override serves(entry: CatalogueEntry): boolean {
    return entry.id === 'omni-1.2' || super.serves(entry);
  }

  override async checkModels(): Promise<ModelCheck> {
    const check = await super.checkModels();
    return this.omni12 ? { ...check, 'omni-1.2': { providerModel: 'scripted-omni-12' } } : check;
  }
}

type Task = {
  id: string;
  status: string;
  model: string;
  prompt: string;
  negative_prompt: string | null;
  aspect_ratio: string;
  resolution: string;
  duration_s: number;
  seed: number | null;
  image_url: string | null;
  last_frame_url: string | null;
  reference_image_urls: string[];
};

describe.each(databaseKinds())('remaking a video at another resolution on %s', (kind) => {
  let t: TestApp;
  let video: ReturnType<typeof videoClient>;
  let provider: Omni12Provider;
  let pictures: Upload[];

  beforeAll(async () => {
    provider = new Omni12Provider();
    t = await createTestApp(
      kind,
      {
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        GENERATE_RATE_LIMIT: '1000',
        VIDEO_POLL_INTERVAL_MS: '20',
        VIDEO_MAX_ACTIVE_PER_USER: '2',
      },
      [{ provide: VideoProviders, useValue: new VideoProviders([provider]) }],
    );
    video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
    pictures = await Promise.all(
      [40, 120, 200, 250].map(async (r, i) => ({
        data: await sharp({ create: { width: 32, height: 32, channels: 3, background: { r, g: 10, b: 10 } } })
          .png()
          .toBuffer(),
        filename: `picture-${i}.png`,
        type: 'image/png',
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const remake = (user: SignedIn, taskId: string, resolution: string, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/video/remake/${taskId}`,
      payload: { resolution },
      headers: { ...user.auth, ...(key ? { 'idempotency-key': key } : {}) },
    });

  async function finished(user: SignedIn, taskId: string): Promise<Task> {
    return (await video.waitFor(user, taskId, ['completed', 'failed'])) as Task;
  }

  async function make(user: SignedIn, fields: Record<string, string>, files: Record<string, Upload | Upload[]> = {}) {
    const res = await video.generate(fields, user, files);
    expect([res.statusCode, res.json().message]).toEqual([200, undefined]);
    return finished(user, res.json().data.taskId);
  }

  const debits = async (user: SignedIn) =>
    (await video.ledger(user)).filter((line) => line.idempotency_key.endsWith(':debit')).map((line) => line.amount);

  const file = async (user: SignedIn, url: string | null) =>
    (await t.app.inject({ method: 'GET', url: url!, headers: user.auth })).rawPayload;

  const row = async (taskId: string) =>
    (
      await t.app.get(DataSource).query('SELECT image_path, reference_images FROM video_tasks WHERE id = ?', [taskId])
    )[0] as { image_path: string; reference_images: string };

  it('remakes a 360p omni-1.2 draft at 720p: same prompt, seed, length and pictures, charged once at the new price', async () => {
    const user = await video.userWith(`remake-draft-${kind}@example.com`, 200);
    const [first, ...references] = pictures;
    const draft = await make(
      user,
      { prompt: 'a paper boat on a canal', model: 'omni-1.2', resolution: '360p', duration: '10', seed: '4242' },
      { image: first!, reference_images: references.slice(0, 2) },
    );
    expect(draft).toMatchObject({ status: 'completed', resolution: '360p', duration_s: 10, seed: 4242 });
    expect(await debits(user)).toEqual([-20]);

    const reply = await remake(user, draft.id, '720p', 'remake-key-1');
    expect([reply.statusCode, reply.json().message]).toEqual([200, undefined]);
    const { taskId, remainingCredits } = reply.json().data;
    expect(taskId).not.toBe(draft.id);
    expect(remainingCredits).toBe(200 - 20 - 40);
    const remade = await finished(user, taskId);

    expect(remade).toMatchObject({
      status: 'completed',
      model: 'omni-1.2',
      prompt: draft.prompt,
      negative_prompt: null,
      aspect_ratio: draft.aspect_ratio,
      resolution: '720p',
      duration_s: 10,
      seed: 4242,
    });
    expect(await debits(user)).toEqual([-20, -40]);
    const sent = provider.submits.find((input) => input.taskId === taskId)!;
    expect(sent).toMatchObject({ kind: 'generate', seed: 4242, durationSeconds: 10, shape: { resolution: '720p' } });
    expect(sent.image!.data.equals(first!.data)).toBe(true);
    expect(sent.referenceImages.map((image) => image.data)).toEqual(references.slice(0, 2).map((p) => p.data));
    expect(await file(user, remade.image_url)).toEqual(first!.data);
    expect(remade.reference_image_urls).toHaveLength(2);

    // Its own copies: the original's files going away leaves the remake's pictures whole.
    const [before, after] = [await row(draft.id), await row(taskId)];
    expect(after.image_path).not.toBe(before.image_path);
    const storage = t.app.get(VideoStorage);
    await storage.discardUpload(before.image_path);
    for (const { path } of JSON.parse(before.reference_images) as { path: string }[]) await storage.discardUpload(path);
    expect(await file(user, remade.image_url)).toEqual(first!.data);
    for (const [i, url] of remade.reference_image_urls.entries())
      expect(await file(user, url)).toEqual(references[i]!.data);

    // The same Idempotency-Key again: the same task, nothing more charged.
    const again = await remake(user, draft.id, '720p', 'remake-key-1');
    expect(again.json()).toMatchObject({ success: true, data: { taskId, taskIds: [taskId] } });
    expect(await debits(user)).toEqual([-20, -40]);
  });

  it('refuses an Idempotency-Key sent before with another request (422), charging nothing', async () => {
    const user = await video.userWith(`remake-key-${kind}@example.com`, 200);
    const draft = await make(user, { prompt: 'a heron', model: 'omni-1.2', resolution: '360p', duration: '4' });
    expect((await remake(user, draft.id, '720p', 'remake-key-2')).statusCode).toBe(200);
    const balance = await video.balance(user);

    const reused = await remake(user, draft.id, '1080p', 'remake-key-2');
    expect([reused.statusCode, reused.json().code]).toEqual([422, 'VIDEO_IDEMPOTENCY_KEY_REUSED']);
    expect(await video.balance(user)).toBe(balance);
  });

  it('copies the last frame too (veo3-fast-frames at 1080p, priced per video)', async () => {
    const user = await video.userWith(`remake-frames-${kind}@example.com`, 1000);
    const [first, last] = pictures;
    const original = await make(
      user,
      { prompt: 'a door opens', model: 'veo3-fast-frames' },
      { image: first!, last_frame: last! },
    );
    const reply = await remake(user, original.id, '1080p');
    expect(reply.statusCode).toBe(200);
    const remade = await finished(user, reply.json().data.taskId);
    expect(remade).toMatchObject({ status: 'completed', resolution: '1080p', model: 'veo3-fast-frames' });
    expect(await file(user, remade.last_frame_url)).toEqual(last!.data);
    expect(await file(user, remade.image_url)).toEqual(first!.data);
    // Google prices Veo's 720p and 1080p alike.
    const [paid, remadePrice] = await debits(user);
    expect(remadePrice).toBe(paid);
  });

  it('refuses, before any charge: a resolution the model does not make or the video already is at, another user’s video, an unfinished one, an edit', async () => {
    const owner = await video.userWith(`remake-owner-${kind}@example.com`, 300);
    const stranger = await video.userWith(`remake-stranger-${kind}@example.com`, 300);
    const veo = await make(owner, { prompt: 'a lantern', model: 'veo3' });
    const omni = await make(owner, { prompt: 'a kite', model: 'omni', duration: '4' });
    const edit = await video.revise('edit', owner, omni.id, { instruction: 'make it night' });
    const edited = await finished(owner, edit.json().data.taskId);
    const balance = await video.balance(owner);

    const tooCheap = await remake(owner, veo.id, '480p');
    expect(tooCheap.statusCode).toBe(400);
    expect(tooCheap.json().message).toMatch(/makes 720p and 1080p videos, not 480p/);
    const same = await remake(owner, veo.id, '720p');
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/already is 720p/);
    expect((await remake(stranger, veo.id, '1080p')).statusCode).toBe(404);
    expect((await remake(owner, 'no-such-task', '1080p')).statusCode).toBe(404);
    expect((await remake(owner, edited.id, '1080p')).statusCode).toBe(400);
    const hanging = await video.generate({ prompt: 'a slow one [hang]', model: 'omni', duration: '4' }, owner);
    const unfinished = await remake(owner, hanging.json().data.taskId, '1080p');
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json().message).toMatch(/still being made/);

    expect(await video.balance(owner)).toBe(balance - 16);
    expect(await video.balance(stranger)).toBe(300);
  });

  it('refuses past the per-user limit (409) and while the model is unavailable (503, naming another), charging nothing', async () => {
    const user = await video.userWith(`remake-limit-${kind}@example.com`, 500);
    const draft = await make(user, { prompt: 'a fox', model: 'omni-1.2', resolution: '360p', duration: '4' });
    for (const prompt of ['one [hang]', 'two [hang]'])
      expect((await video.generate({ prompt, model: 'omni', duration: '4' }, user)).statusCode).toBe(200);
    const balance = await video.balance(user);

    const busy = await remake(user, draft.id, '1080p');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(/being made/);

    const other = await video.userWith(`remake-unavailable-${kind}@example.com`, 500);
    const otherDraft = await make(other, { prompt: 'an owl', model: 'omni-1.2', resolution: '360p', duration: '4' });
    provider.omni12 = false;
    await t.app.get(VideoAvailability).refresh();
    try {
      const unavailable = await remake(other, otherDraft.id, '720p');
      expect(unavailable.statusCode).toBe(503);
      expect(unavailable.json().message).toMatch(
        /Gemini Omni 1\.2 Flash is unavailable right now\. No credits were taken\. You can use .+ instead\./,
      );
    } finally {
      provider.omni12 = true;
      await t.app.get(VideoAvailability).refresh();
    }
    expect(await video.balance(user)).toBe(balance);
    expect(await video.balance(other)).toBe(500 - 8);
  });
});
