import { DEFAULT_CATALOGUE } from '../../catalogue/default-catalogue';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ProviderInput, ProviderStatus } from '../video-provider';
import { ffmpegBinary } from '../../ffmpeg.runner';
import { LOCAL_MODEL, LocalVideoProvider } from './local.provider';
import { parseProbe } from './video-probe';

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
  const shape = rest.shape ?? { aspectRatio: '16:9', resolution: '720p' };
  return {
    taskId: `00000000-0000-4000-8000-${String(taskCount).padStart(12, '0')}`,
    prompt: 'A tiny red toy car races across a sunlit wooden table, kicking up dust',
    model: 'veo3',
    providerModel: LOCAL_MODEL,
    kind: 'generate',
    durationSeconds: 8,
    parent: null,
    negativePrompt: null,
    image: null,
    lastFrame: null,
    referenceImages: [],
    instruction: null,
    seed: null,
    callbackUrl: 'http://localhost/api/video/callback/x?token=y',
    onProgress: messages ? (message) => messages.push(message) : undefined,
    ...rest,
    shape,
    ...shape,
  };
}

/** Renders `task` and moves the finished video to `name` under the test folder; returns its path. */
async function render(provider: LocalVideoProvider, task: ProviderInput, name: string): Promise<string> {
  const jobId = await provider.submit(task);
  expect(await finished(provider, jobId)).toEqual({ state: 'succeeded' });
  const destination = join(root, name);
  await provider.download(jobId, destination);
  return destination;
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
  const bytes = readFileSync(file);
  return {
    ...parseProbe(stderr)!,
    streams: stderr.match(/Stream #/g)?.length ?? 0,
    // +faststart: the index (moov) comes before the media data (mdat), so playback starts at once.
    moovFirst: bytes.indexOf('moov') >= 0 && bytes.indexOf('moov') < bytes.indexOf('mdat'),
  };
}

function expectPlayableClip(file: string, width = 1280, height = 720, seconds = 8): void {
  const clip = probe(file);
  expect(clip.seconds).toBeGreaterThanOrEqual(seconds - 0.1);
  expect(clip.seconds).toBeLessThanOrEqual(seconds + 0.1);
  expect(clip.video).toEqual({ codec: 'h264', pixelFormat: 'yuv420p', width, height });
  expect(clip.audio).toBe('aac');
  expect(clip.streams).toBe(2);
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

  it('takes a seed for every model: the same seed gives the same picture, another seed another one', async () => {
    // Three renders: a loaded machine needs more than the suite's minute.
    const provider = new LocalVideoProvider({ workDir: join(root, 'seeds') });
    const seeded = (seed: number) => input({ prompt: 'A paper boat on a pond', durationSeconds: 4, seed });
    const [first, again, other] = [
      await render(provider, seeded(7), 'seed-7.mp4'),
      await render(provider, seeded(7), 'seed-7-again.mp4'),
      await render(provider, seeded(8), 'seed-8.mp4'),
    ];

    expect(provider.takesSeed()).toBe(true);
    expectPlayableClip(other, 1280, 720, 4);
    const whole = { x: 0, y: 0, width: 320, height: 180 };
    expect(difference(frameAt(first, 2), frameAt(again, 2), whole)).toBeLessThan(1);
    expect(difference(frameAt(first, 2), frameAt(other, 2), whole)).toBeGreaterThan(10);
  }, 180_000);

  it('serves every catalogue model with itself, and edits', async () => {
    const provider = new LocalVideoProvider({ workDir: join(root, 'models') });
    const check = await provider.checkModels(DEFAULT_CATALOGUE, new Set());
    expect(Object.keys(check)).toEqual(DEFAULT_CATALOGUE.map((entry) => entry.id));
    expect(new Set(Object.values(check).map((target) => target?.providerModel))).toEqual(new Set([LOCAL_MODEL]));
    expect(provider.editing).toBe(true);
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

/** One frame at `seconds`, scaled to 320 px wide, as RGB bytes (3 per pixel, row by row). */
function frameAt(file: string, seconds: number, height = 180): { rgb: Buffer; width: number; height: number } {
  const { stdout } = spawnSync(
    ffmpegBinary(),
    [
      '-v',
      'error',
      '-ss',
      String(seconds),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      `scale=320:${height}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { maxBuffer: 16 << 20 },
  );
  return { rgb: stdout, width: 320, height };
}

interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Mean red, green and blue (0–255) over a region of a frame. */
function meanColour(
  frame: ReturnType<typeof frameAt>,
  region: Region = { x: 0, y: 0, width: 320, height: frame.height },
) {
  const sum = [0, 0, 0];
  for (let y = region.y; y < region.y + region.height; y++) {
    for (let x = region.x; x < region.x + region.width; x++) {
      for (let c = 0; c < 3; c++) sum[c]! += frame.rgb[(y * frame.width + x) * 3 + c]!;
    }
  }
  const [r, g, b] = sum.map((v) => v / (region.width * region.height)) as [number, number, number];
  return { r, g, b, luma: 0.2126 * r + 0.7152 * g + 0.0722 * b };
}

/** Mean absolute difference (0–255) of two frames over a region. */
function difference(a: ReturnType<typeof frameAt>, b: ReturnType<typeof frameAt>, region: Region): number {
  let sum = 0;
  for (let y = region.y; y < region.y + region.height; y++) {
    for (let x = region.x; x < region.x + region.width; x++) {
      for (let c = 0; c < 3; c++)
        sum += Math.abs(a.rgb[(y * a.width + x) * 3 + c]! - b.rgb[(y * b.width + x) * 3 + c]!);
    }
  }
  return sum / (region.width * region.height * 3);
}

/** The largest mean absolute difference of two frames over any 16×16 block of a region (whose sides are multiples of 16). */
function largestBlockDifference(a: ReturnType<typeof frameAt>, b: ReturnType<typeof frameAt>, region: Region): number {
  let largest = 0;
  for (let y = region.y; y < region.y + region.height; y += 16) {
    for (let x = region.x; x < region.x + region.width; x += 16) {
      largest = Math.max(largest, difference(a, b, { x, y, width: 16, height: 16 }));
    }
  }
  return largest;
}

/** Seconds of decoded audio (mono, 8 kHz), and its loudness (RMS, 0–1) between two times. */
function audioTrack(file: string) {
  const { stdout } = spawnSync(
    ffmpegBinary(),
    ['-v', 'error', '-i', file, '-map', '0:a:0', '-ac', '1', '-ar', '8000', '-f', 's16le', '-'],
    { maxBuffer: 16 << 20 },
  );
  const samples = new Int16Array(stdout.buffer, stdout.byteOffset, stdout.length / 2);
  return {
    seconds: samples.length / 8000,
    loudness(from: number, to: number): number {
      let sum = 0;
      const part = samples.subarray(from * 8000, to * 8000);
      for (const sample of part) sum += (sample / 32768) ** 2;
      return Math.sqrt(sum / part.length);
    },
  };
}

/** The number of video frames a file decodes to. */
function videoFrames(file: string): number {
  const { stdout } = spawnSync(
    ffmpegBinary(),
    ['-v', 'error', '-i', file, '-map', '0:v:0', '-vf', 'scale=8:8', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    { maxBuffer: 16 << 20 },
  );
  return stdout.length / 64;
}

/** A plain bright square: easy to find in a frame. */
async function swatch(colour: string) {
  return {
    data: await sharp({ create: { width: 400, height: 400, channels: 3, background: colour } })
      .png()
      .toBuffer(),
    mimeType: 'image/png',
  };
}

describe('LocalVideoProvider, Omni offline', () => {
  const omni = { model: 'omni' as const, prompt: 'A lighthouse on a cliff as the waves roll in' };

  it.each([4, 10])('renders an Omni video of %i seconds', async (seconds) => {
    const provider = new LocalVideoProvider({ workDir: join(root, `omni-${seconds}`) });
    const file = await render(provider, input({ ...omni, durationSeconds: seconds }), `omni-${seconds}.mp4`);

    expectPlayableClip(file, 1280, 720, seconds);
    expect(audioTrack(file).seconds).toBeCloseTo(seconds, 1);
  });

  it('shows the reference images in the top-right corner, and leaves the rest of the scene as it was', async () => {
    const provider = new LocalVideoProvider({ workDir: join(root, 'references') });
    const plain = await render(provider, input({ ...omni, durationSeconds: 4 }), 'plain.mp4');
    const referenceImages = [await swatch('#ff2020'), await swatch('#20ff20')];
    const withReferences = await render(
      provider,
      input({ ...omni, durationSeconds: 4, referenceImages }),
      'references.mp4',
    );

    expectPlayableClip(withReferences, 1280, 720, 4);
    const [before, after] = [frameAt(plain, 2), frameAt(withReferences, 2)];
    // At 320×180 the two prints (about 40 px each with their frames) sit 7 px from the top right.
    const corner = { x: 240, y: 12, width: 70, height: 30 };
    expect(difference(before, after, corner)).toBeGreaterThan(40);
    const rightPrint = meanColour(after, { x: 284, y: 16, width: 20, height: 20 });
    expect(rightPrint.r).toBeGreaterThan(rightPrint.g + 80);
    // Everywhere else, no 16×16 block changes more than encoding noise would.
    for (const rest of [
      { x: 0, y: 0, width: 224, height: 48 },
      { x: 0, y: 48, width: 320, height: 128 },
    ]) {
      expect(largestBlockDifference(before, after, rest)).toBeLessThan(6);
    }
  });

  it('renders 9:16 1080p with three reference images', async () => {
    const provider = new LocalVideoProvider({ workDir: join(root, 'omni-portrait') });
    const referenceImages = [await swatch('#ff2020'), await swatch('#20ff20'), await swatch('#2020ff')];
    const file = await render(
      provider,
      input({ ...omni, durationSeconds: 4, shape: { aspectRatio: '9:16', resolution: '1080p' }, referenceImages }),
      'omni-portrait.mp4',
    );

    expectPlayableClip(file, 1080, 1920, 4);
    // At 320×569 the prints are about 70 px wide: the first (red) in the corner, the third (blue) leftmost.
    const frame = frameAt(file, 2, 569);
    const red = meanColour(frame, { x: 250, y: 30, width: 40, height: 30 });
    const blue = meanColour(frame, { x: 100, y: 30, width: 35, height: 30 });
    expect(red.r).toBeGreaterThan(red.b + 80);
    expect(blue.b).toBeGreaterThan(blue.r + 80);
  });

  describe('editing and extending', () => {
    let provider: LocalVideoProvider;
    let parentPath: string;
    const parent = () => ({ jobId: null, videoPath: parentPath, durationSeconds: 8, prompt: omni.prompt });

    beforeAll(async () => {
      provider = new LocalVideoProvider({ workDir: join(root, 'versions') });
      parentPath = await render(provider, input({ ...omni, durationSeconds: 8 }), 'parent.mp4');
    });

    it('accepts a parent whose video is readable, and refuses one that is missing or not a video', async () => {
      const notAVideo = join(root, 'not-a-video.mp4');
      await writeFile(notAVideo, 'hello');

      expect(await provider.checkParent(parent(), 'edit')).toBeNull();
      expect(await provider.checkParent({ ...parent(), videoPath: join(root, 'gone.mp4') }, 'extend')).toBe(
        "This video's file is no longer available, so it cannot be extended.",
      );
      expect(await provider.checkParent({ ...parent(), videoPath: notAVideo }, 'edit')).toBe(
        "This video's file could not be read, so it cannot be edited.",
      );
    });

    it('edits "make it night" into the same shot, of the same length and shape, darker and bluer, with its sound', async () => {
      const messages: string[] = [];
      const edit = input({
        ...omni,
        kind: 'edit',
        parent: parent(),
        instruction: 'Make it night',
        messages,
      });
      const file = await render(provider, edit, 'night.mp4');

      expectPlayableClip(file, 1280, 720, 8);
      expect(messages.slice(0, 2)).toEqual(['Reading your video', 'Changing the light']);
      const [day, night] = [meanColour(frameAt(parentPath, 4)), meanColour(frameAt(file, 4))];
      expect(night.luma).toBeLessThan(day.luma * 0.85);
      expect(night.b / (night.r + night.g + night.b)).toBeGreaterThan(day.b / (day.r + day.g + day.b) + 0.03);
      // The parent's sound, kept.
      expect(audioTrack(file).loudness(2, 6)).toBeCloseTo(audioTrack(parentPath).loudness(2, 6), 2);
    });

    it('edits by any other instruction with a visible change of colour', async () => {
      const file = await render(
        provider,
        input({ ...omni, kind: 'edit', parent: parent(), instruction: 'replace the lighthouse with a windmill' }),
        'other-edit.mp4',
      );

      expectPlayableClip(file, 1280, 720, 8);
      const region = { x: 0, y: 60, width: 320, height: 120 };
      expect(difference(frameAt(parentPath, 4), frameAt(file, 4), region)).toBeGreaterThan(10);
    });

    it('extends 8 s by 6 s into one 14-second video with sound all along', async () => {
      const messages: string[] = [];
      const lent = join(root, 'lent-parent.mp4');
      await copyFile(parentPath, lent);
      const extension = input({
        ...omni,
        kind: 'extend',
        parent: { ...parent(), videoPath: lent },
        durationSeconds: 14,
        messages,
      });
      const jobId = await provider.submit(extension);
      // As the worker does: the parent's file is lent for the submit call only.
      await rm(lent);
      expect(await finished(provider, jobId)).toEqual({ state: 'succeeded' });
      const file = join(root, 'extended.mp4');
      await provider.download(jobId, file);

      expectPlayableClip(file, 1280, 720, 14);
      expect(messages).toContain('Continuing the scene');
      expect(Math.abs(videoFrames(file) - 14 * 24)).toBeLessThanOrEqual(1);
      const audio = audioTrack(file);
      expect(audio.seconds).toBeCloseTo(14, 1);
      expect(audio.loudness(2, 6)).toBeCloseTo(audioTrack(parentPath).loudness(2, 6), 2);
      expect(audio.loudness(9.5, 12.5)).toBeGreaterThan(0.02);
      // The first 8 s are the parent's; the added seconds show its last picture, not black.
      expect(
        difference(frameAt(parentPath, 3), frameAt(file, 3), { x: 0, y: 0, width: 320, height: 180 }),
      ).toBeLessThan(4);
      expect(meanColour(frameAt(file, 11)).luma).toBeGreaterThan(15);
    });

    it('letters an extension’s instruction over the added seconds, where a plain one has its small label', async () => {
      // Two renders of the whole video: a loaded machine needs more than the suite's minute.
      const extend = (instruction: string | null) =>
        input({ ...omni, kind: 'extend', parent: parent(), durationSeconds: 12, instruction });
      const plain = await render(provider, extend(null), 'extended-plain.mp4');
      const told = await render(provider, extend('The lighthouse beam sweeps across the bay'), 'extended-told.mp4');

      expect(provider.extendInstruction).toBe(true);
      expectPlayableClip(told, 1280, 720, 12);
      const bottom = { x: 0, y: 144, width: 320, height: 32 };
      const parentPart = { x: 0, y: 0, width: 320, height: 180 };
      expect(largestBlockDifference(frameAt(plain, 10.5), frameAt(told, 10.5), bottom)).toBeGreaterThan(25);
      expect(difference(frameAt(plain, 3), frameAt(told, 3), parentPart)).toBeLessThan(2);
    }, 180_000);

    it('edits and extends a video made elsewhere (30 fps, no sound) into our format, with sound', async () => {
      const silent = join(root, 'silent.mp4');
      spawnSync(ffmpegBinary(), [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=4'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', silent],
      ]);
      const elsewhere = { ...parent(), videoPath: silent, durationSeconds: 4 };
      const edited = await render(
        provider,
        input({ ...omni, kind: 'edit', parent: elsewhere, durationSeconds: 4, instruction: 'golden hour' }),
        'edited-elsewhere.mp4',
      );
      const extended = await render(
        provider,
        input({ ...omni, kind: 'extend', parent: elsewhere, durationSeconds: 8 }),
        'extended-elsewhere.mp4',
      );

      expectPlayableClip(edited, 1280, 720, 4);
      expect(audioTrack(edited).loudness(1, 3)).toBeGreaterThan(0.02);
      expectPlayableClip(extended, 1280, 720, 8);
      expect(Math.abs(videoFrames(extended) - 8 * 24)).toBeLessThanOrEqual(1);
      expect(audioTrack(extended).loudness(0, 4)).toBeLessThan(0.001);
      expect(audioTrack(extended).loudness(5, 7)).toBeGreaterThan(0.02);
    });

    it('fails an extension whose parent has gone, with the reason', async () => {
      const jobId = await provider.submit(
        input({
          ...omni,
          kind: 'extend',
          parent: { ...parent(), videoPath: join(root, 'gone.mp4') },
          durationSeconds: 12,
        }),
      );

      expect(await finished(provider, jobId)).toEqual({
        state: 'failed',
        reason: "This video's file is no longer available, so it cannot be extended.",
      });
    });
  });
});
