import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ProviderInput, ProviderStatus } from '../video-provider';
import { ffmpegBinary } from '../../ffmpeg.runner';
import { LOCAL_MODEL, LocalVideoProvider } from './local.provider';

jest.setTimeout(60_000);

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'local-provider-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

let taskCount = 0;
function input(overrides: Partial<ProviderInput> & { messages?: string[] } = {}): ProviderInput {
  const { messages, ...rest } = overrides;
  taskCount++;
  return {
    taskId: `00000000-0000-4000-8000-${String(taskCount).padStart(12, '0')}`,
    prompt: 'A tiny red toy car races across a sunlit wooden table, kicking up dust',
    model: 'veo3',
    providerModel: LOCAL_MODEL,
    shape: { aspectRatio: '16:9', resolution: '720p' },
    negativePrompt: null,
    image: null,
    lastFrame: null,
    callbackUrl: 'http://localhost/api/video/callback/x?token=y',
    onProgress: messages ? (message) => messages.push(message) : undefined,
    ...rest,
  };
}

async function finished(provider: LocalVideoProvider, jobId: string): Promise<ProviderStatus> {
  for (;;) {
    const status = await provider.poll(jobId);
    if (status.state !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What ffprobe would say, read from `ffmpeg -i` (the npm package ships no ffprobe). */
function probe(file: string) {
  const { stderr } = spawnSync(ffmpegBinary(), ['-hide_banner', '-i', file], { encoding: 'utf8' });
  const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr);
  const video = /Stream #\S+: Video: (\w+).*?, (\w+)(?:\([^)]*\))?, (\d+)x(\d+)/.exec(stderr);
  const audio = /Stream #\S+: Audio: (\w+)/.exec(stderr);
  const bytes = readFileSync(file);
  return {
    seconds: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : NaN,
    video: video ? { codec: video[1], pixelFormat: video[2], width: Number(video[3]), height: Number(video[4]) } : null,
    audio: audio?.[1] ?? null,
    // +faststart: the index (moov) comes before the media data (mdat), so playback starts at once.
    moovFirst: bytes.indexOf('moov') >= 0 && bytes.indexOf('moov') < bytes.indexOf('mdat'),
  };
}

function expectPlayableClip(file: string, width = 1280, height = 720): void {
  const clip = probe(file);
  expect(clip.seconds).toBeGreaterThanOrEqual(7.9);
  expect(clip.seconds).toBeLessThanOrEqual(8.1);
  expect(clip.video).toEqual({ codec: 'h264', pixelFormat: 'yuv420p', width, height });
  expect(clip.audio).toBe('aac');
  expect(clip.moovFirst).toBe(true);
}

/** A small landscape picture with detail worth zooming into. */
function picture(width: number, height: number) {
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
        `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3c72"/><stop offset="1" stop-color="#f4845f"/></linearGradient>` +
        `<rect width="100%" height="100%" fill="url(#sky)"/><circle cx="${width * 0.6}" cy="${height * 0.55}" r="${height * 0.12}" fill="#fff3b0"/>` +
        `<path d="M0 ${height * 0.8} L${width * 0.3} ${height * 0.5} L${width * 0.6} ${height * 0.75} L${width} ${height * 0.55} V${height} H0 Z" fill="#3d2c5a"/></svg>`,
    ),
  );
}

describe('LocalVideoProvider', () => {
  it('renders a text prompt into an 8-second 1280×720 H.264/AAC clip, reporting progress', async () => {
    const workDir = join(root, 'text');
    const provider = new LocalVideoProvider({ workDir });
    const messages: string[] = [];
    const task = input({ messages });

    const jobId = await provider.submit(task);
    expect(jobId).toBe(task.taskId);
    expect(await provider.poll(jobId)).toMatchObject({ state: 'running' });
    // A repeated submit joins the render under way instead of starting another.
    expect(await provider.submit(task)).toBe(jobId);

    expect(await finished(provider, jobId)).toEqual({ state: 'succeeded' });
    expect(messages[0]).toBe('Preparing the scene');
    expect(messages).toContain('Composing the soundtrack');
    expect(messages.filter((m) => m === 'Preparing the scene')).toHaveLength(1);
    expect(messages.some((m) => /^Rendering video… [1-9]\d*0%$/.test(m))).toBe(true);
    expect(messages.at(-1)).toBe('Finishing');

    const destination = join(root, 'text.mp4');
    await provider.download(jobId, destination);
    expectPlayableClip(destination);
    expect(await readdir(workDir)).toEqual([]);
    expect(await provider.poll(jobId)).toEqual({ state: 'lost' });
  });

  it('gives an uploaded image a Ken Burns zoom in a 16:9 frame, with the soundtrack', async () => {
    const provider = new LocalVideoProvider({ workDir: join(root, 'image') });
    const messages: string[] = [];
    const image = { data: await picture(1200, 900).jpeg().toBuffer(), mimeType: 'image/jpeg' };
    const jobId = await provider.submit(
      input({ model: 'veo3-fast-frames', image, prompt: 'Sunset over the hills', messages }),
    );

    expect(await finished(provider, jobId)).toEqual({ state: 'succeeded' });
    expect(messages[0]).toBe('Preparing your image');
    const destination = join(root, 'image.mp4');
    await provider.download(jobId, destination);
    expectPlayableClip(destination);
  });

  it.each([
    ['text, 9:16 720p', { aspectRatio: '9:16', resolution: '720p' }, false, 720, 1280],
    ['text, 16:9 1080p', { aspectRatio: '16:9', resolution: '1080p' }, false, 1920, 1080],
    ['image with a last frame, 9:16 1080p', { aspectRatio: '9:16', resolution: '1080p' }, true, 1080, 1920],
  ] as const)('renders %s at its own size', async (_name, shape, withImages, width, height) => {
    const provider = new LocalVideoProvider({ workDir: join(root, `shape-${width}x${height}`) });
    const images = withImages
      ? {
          model: 'veo3-fast-frames' as const,
          image: { data: await picture(900, 1600).png().toBuffer(), mimeType: 'image/png' },
          lastFrame: { data: await picture(1600, 900).jpeg().toBuffer(), mimeType: 'image/jpeg' },
        }
      : {};
    const jobId = await provider.submit(input({ shape, ...images }));

    expect(await finished(provider, jobId)).toEqual({ state: 'succeeded' });
    const destination = join(root, `shape-${width}x${height}.mp4`);
    await provider.download(jobId, destination);
    expectPlayableClip(destination, width, height);
  });

  it('serves both of our models with itself', async () => {
    expect(await new LocalVideoProvider({ workDir: join(root, 'models') }).checkModels()).toEqual({
      veo3: { providerModel: LOCAL_MODEL },
      'veo3-fast-frames': { providerModel: LOCAL_MODEL },
    });
  });

  it('queues renders beyond its limit, and copes with GIF uploads and unruly prompt text', async () => {
    const provider = new LocalVideoProvider({ workDir: join(root, 'queue'), maxConcurrentRenders: 1 });
    const gif = { data: await picture(600, 1000).gif().toBuffer(), mimeType: 'image/gif' };
    const unruly = input({
      prompt: `It's "quoted": 100% %{pts} \\n back\\slash; $(rm -rf /) \`tick\`\nsecond line\n\n\n<b>&amp;</b> 🚗✨👩‍👩‍👧 {braces} [v] ;,=`,
    });
    const portrait = input({ model: 'veo3-fast-frames', image: gif, prompt: 'Caption: "50%" off\nnow 🎉' });

    const first = await provider.submit(unruly);
    const second = await provider.submit(portrait);
    expect(await provider.poll(second)).toEqual({ state: 'running', message: 'Waiting for the renderer' });

    for (const jobId of [first, second]) {
      expect(await finished(provider, jobId)).toEqual({ state: 'succeeded' });
      const destination = join(root, `${jobId}.mp4`);
      await provider.download(jobId, destination);
      expectPlayableClip(destination);
    }
  });

  it('fails a render whose image cannot be decoded, with a clear reason, and cleans up', async () => {
    const workDir = join(root, 'corrupt');
    const provider = new LocalVideoProvider({ workDir });
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x5a)]);
    const jobId = await provider.submit(
      input({ model: 'veo3-fast-frames', image: { data: corrupt, mimeType: 'image/jpeg' } }),
    );

    const status = await finished(provider, jobId);
    expect(status).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/^The image could not be read \(.+\)/),
    });
    expect(await readdir(workDir)).toEqual([]);
    await expect(provider.download(jobId, join(root, 'never.mp4'))).rejects.toMatchObject({ name: 'ProviderError' });
  });

  it('stops ffmpeg when a render runs past its time limit', async () => {
    const provider = new LocalVideoProvider({ workDir: join(root, 'slow'), renderTimeoutMs: 200 });
    const jobId = await provider.submit(input());

    expect(await finished(provider, jobId)).toEqual({
      state: 'failed',
      reason: 'Rendering took longer than 0.2 s and was stopped',
    });
  });

  it('reports a job it does not know (say, after a restart) as lost, so the pipeline submits it again', async () => {
    const provider = new LocalVideoProvider({ workDir: join(root, 'restart') });

    expect(await provider.poll('9b0a6a1e-0000-4000-8000-000000000000')).toEqual({ state: 'lost' });
    await expect(provider.download('9b0a6a1e-0000-4000-8000-000000000000', join(root, 'x.mp4'))).rejects.toMatchObject({
      name: 'ProviderError',
      retryable: true,
    });
  });

  it('clears folders that earlier processes left behind an hour or more ago, and only those', async () => {
    const workDir = join(root, 'leftovers');
    await mkdir(join(workDir, 'old-render'), { recursive: true });
    await mkdir(join(workDir, 'young-render'), { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(join(workDir, 'old-render'), twoHoursAgo, twoHoursAgo);

    expect(new LocalVideoProvider({ workDir }).name).toBe('local');
    for (let i = 0; i < 50 && existsSync(join(workDir, 'old-render')); i++) await new Promise((r) => setTimeout(r, 20));

    expect(await readdir(workDir)).toEqual(['young-render']);
  });
});
