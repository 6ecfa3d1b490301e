// Renders each seed effect's sample video and poster (services/assets/effects/<slug>.mp4 and .jpg)
// with the local renderer, offline, from placeholder inputs: a gradient picture for each photo and a
// stand-in word for each text. The site serves them at /effects/<slug>/sample.mp4 and /poster.jpg
// until the console uploads a sample of its own. Run `npm run effects:samples` (it builds the
// contracts and services first: this script uses their compiled code) after editing effect-seeds.ts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'services', 'package.json'));
const { EFFECT_SEEDS } = require('./dist/effects/effect-seeds.js');
const { LocalVideoProvider, LOCAL_MODEL } = require('./dist/video/providers/local/local.provider.js');
const { ffmpegBinary } = require('./dist/video/ffmpeg.runner.js');
const { frameSize } = require('@veo3/contracts/generation-options');

const outDir = join(root, 'services', 'assets', 'effects');
/** What each seed's texts say in its sample (any other text: a name). */
const TEXTS = {
  'asmr-video': { text_1: 'kinetic sand' },
  superhero: { text_1: 'Nova' },
  'xmas-wish': { text_1: 'Anna' },
};
const COLOURS = { photo_1: ['#f472b6', '#6d28d9'], photo_2: ['#38bdf8', '#0f766e'] };

/** A gradient picture with a round "face", standing in for a user's photo. */
function placeholderPhoto(key, { width, height }) {
  const [from, to] = COLOURS[key];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height * 0.42}" r="${width * 0.22}" fill="#fde68a" opacity="0.9"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function render(provider, seed, workDir) {
  const shape = { aspectRatio: seed.settings.aspect_ratio, resolution: seed.settings.resolution };
  const photos = seed.inputs.filter((input) => input.kind === 'photo');
  const image = async (key) => ({ data: await placeholderPhoto(key, frameSize(shape)), mimeType: 'image/png' });
  const texts = Object.fromEntries(
    seed.inputs.filter((i) => i.kind === 'text').map((i) => [i.key, TEXTS[seed.slug]?.[i.key] ?? 'Anna']),
  );
  // The renderer letters its prompt into the picture, and a template is never public: the sample
  // letters the effect's name and its stand-in words instead.
  const prompt = [seed.name.en, ...Object.values(texts)].join(' — ');
  const input = {
    ...shape,
    model: seed.settings.model,
    kind: 'generate',
    durationSeconds: seed.settings.duration_s,
    parent: null,
    taskId: `sample-${seed.slug}`,
    prompt,
    providerModel: LOCAL_MODEL,
    shape,
    negativePrompt: null,
    image: photos.some((p) => p.key === 'photo_1') ? await image('photo_1') : null,
    lastFrame: null,
    referenceImages: photos.some((p) => p.key === 'photo_2') ? [await image('photo_2')] : [],
    instruction: null,
    seed: 7,
    callbackUrl: null,
  };
  const jobId = await provider.submit(input);
  for (;;) {
    const status = await provider.poll(jobId);
    if (status.state === 'succeeded') break;
    if (status.state !== 'running') throw new Error(`${seed.slug}: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const rendered = join(workDir, `${seed.slug}.mp4`);
  await provider.download(jobId, rendered);
  const video = join(outDir, `${seed.slug}.mp4`);
  const ffmpeg = ffmpegBinary();
  // Smaller than the renderer's own encoding: a sample loops on a card, a few hundred KB at most.
  const encode = [
    '-c:v',
    'libx264',
    '-crf',
    '30',
    '-preset',
    'slow',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '48k',
  ];
  execFileSync(ffmpeg, ['-y', '-loglevel', 'error', '-i', rendered, ...encode, '-movflags', '+faststart', video]);
  const poster = join(outDir, `${seed.slug}.jpg`);
  execFileSync(ffmpeg, ['-y', '-loglevel', 'error', '-ss', '1.5', '-i', video, '-frames:v', '1', '-q:v', '5', poster]);
  return statSync(video).size + statSync(poster).size;
}

mkdirSync(outDir, { recursive: true });
const workDir = mkdtempSync(join(tmpdir(), 'veo3-effect-samples-'));
const provider = new LocalVideoProvider({ workDir: join(workDir, 'renders'), maxConcurrentRenders: 1 });
let total = 0;
try {
  for (const seed of EFFECT_SEEDS) {
    const bytes = await render(provider, seed, workDir);
    total += bytes;
    console.log(`${seed.slug}: ${(bytes / 1024).toFixed(0)} KB`);
  }
  console.log(`total: ${(total / 1024 / 1024).toFixed(2)} MB in ${outDir}`);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(0);
