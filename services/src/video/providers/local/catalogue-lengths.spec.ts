import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { frameSize, type VideoShape } from '@veo3/contracts/generation-options';
import { DEFAULT_CATALOGUE } from '../../catalogue/default-catalogue';
import { ffmpegBinary } from '../../ffmpeg.runner';
import type { ProviderImage, ProviderInput, ProviderStatus } from '../video-provider';
import { LOCAL_MODEL, LocalVideoProvider } from './local.provider';
import { parseProbe } from './video-probe';

jest.setTimeout(120_000);

let root: string;
let provider: LocalVideoProvider;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'local-lengths-'));
  provider = new LocalVideoProvider({ workDir: join(root, 'work') });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

let count = 0;
function task(model: string, seconds: number, shape: VideoShape, pictures: Partial<ProviderInput> = {}): ProviderInput {
  count++;
  return {
    taskId: `00000000-0000-4000-8000-${String(count).padStart(12, '0')}`,
    prompt: 'A paper boat drifts down a rainy street gutter',
    model,
    providerModel: LOCAL_MODEL,
    kind: 'generate',
    durationSeconds: seconds,
    parent: null,
    aspectRatio: shape.aspectRatio,
    resolution: shape.resolution,
    shape,
    negativePrompt: null,
    image: null,
    lastFrame: null,
    referenceImages: [],
    instruction: null,
    seed: 7,
    callbackUrl: null,
    ...pictures,
  };
}

async function rendered(input: ProviderInput) {
  const jobId = await provider.submit(input);
  let status: ProviderStatus;
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = await provider.poll(jobId);
  } while (status.state === 'running');
  expect(status).toEqual({ state: 'succeeded' });
  const destination = join(root, `${jobId}.mp4`);
  await provider.download(jobId, destination);
  const { stderr } = spawnSync(ffmpegBinary(), ['-hide_banner', '-i', destination], { encoding: 'utf8' });
  return parseProbe(stderr)!;
}

async function png(r: number, width = 64, height = 48): Promise<ProviderImage> {
  const data = await sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 140 } } })
    .png()
    .toBuffer();
  return { data, mimeType: 'image/png' };
}

/** Every length some catalogue model makes. */
const LENGTHS = [...new Set(DEFAULT_CATALOGUE.flatMap((model) => model.outputs.durations))].sort((a, b) => a - b);

describe('LocalVideoProvider, every length and shape of the catalogue', () => {
  it('knows the lengths it must make', () => {
    expect(LENGTHS).toEqual([4, 5, 6, 8, 9, 10, 12, 15]);
  });

  it('renders an Omni-style 15 s video (first frame and three reference images) at 360p: 640×360, 15 s, with sound', async () => {
    const pictures = {
      image: await png(30),
      referenceImages: [await png(200, 40, 40), await png(120, 30, 50), await png(250)],
    };
    const clip = await rendered(task('omni-1.2', 15, { aspectRatio: '16:9', resolution: '360p' }, pictures));

    expect(clip.video).toMatchObject({ width: 640, height: 360, codec: 'h264' });
    expect(clip.audio).toBe('aac');
    expect(Math.abs(clip.seconds - 15)).toBeLessThan(0.1);
  });

  it('renders text at 9:16 480p for an odd length (5 s): 480×854, 5 s', async () => {
    const clip = await rendered(task('seedance-1-lite', 5, { aspectRatio: '9:16', resolution: '480p' }));

    expect(clip.video).toMatchObject({ width: 480, height: 854 });
    expect(Math.abs(clip.seconds - 5)).toBeLessThan(0.1);
  });

  it('renders a first and last frame at an odd length (9 s) in a 9:16 frame', async () => {
    const clip = await rendered(
      task(
        'luma-ray-2',
        9,
        { aspectRatio: '9:16', resolution: '720p' },
        { image: await png(10), lastFrame: await png(240) },
      ),
    );

    expect(clip.video).toMatchObject(frameSize({ aspectRatio: '9:16', resolution: '720p' }));
    expect(Math.abs(clip.seconds - 9)).toBeLessThan(0.1);
  });
});
