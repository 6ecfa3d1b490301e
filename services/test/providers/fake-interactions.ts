import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { VideoShape } from '@veo3/contracts/generation-options';
import { ffmpegBinary } from '../../src/video/ffmpeg.runner';
import { parseProbe } from '../../src/video/providers/local/video-probe';
import { sendJson, sendVideo, startFakeServer, type FakeServer, type RecordedRequest } from './fake-http';

/** How an interaction ends once `pollsBeforeDone` polls have answered `in_progress`. */
export type FakeInteractionOutcome =
  | { kind: 'video' }
  /** Refused on content grounds: status `failed` with a safety error. */
  | { kind: 'refused'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'never' };

export interface FakeInteractionScenario {
  pollsBeforeDone: number;
  outcome: FakeInteractionOutcome;
  /** How the video comes back: as the request asked (`response_format.delivery`, inline by default), or forced. */
  delivery?: 'inline' | 'uri';
  /** An extension's answer: the added seconds only (as a clip generator would) or the whole video. */
  extension?: 'added' | 'whole';
  /**
   * The interaction ends this long after it was created, however often it is read, and then the
   * fake calls each `webhook_config` URI, as Google does when an interaction ends.
   */
  doneAfterMs?: number;
}

export interface FakeInteraction {
  id: string;
  model: string;
  /** The request body as received. */
  body: CreateBody;
  polls: number;
  createdAt: number;
  scenario: FakeInteractionScenario;
  seconds: number;
  shape: FakeShape;
  fileId: string;
  video?: Buffer;
}

export interface FakeInteractions extends FakeServer {
  apiKey: string;
  /** The key's model list (ids without `models/`). Omni advertises generateContent, Veo predictLongRunning. */
  models: string[];
  /** Takes `model` out of the list; creating an interaction on it then answers 404. */
  withdraw(model: string): void;
  /** Taken by each interaction when it is created. */
  scenario: FakeInteractionScenario;
  /** Every interaction created, by id. */
  interactions: Map<string, FakeInteraction>;
  /** Google forgets the interaction (it expired, or was dropped): its GET and any edit of it answer 404. */
  expire(id: string): void;
  /** The bodies of the interactions created, in order. */
  created(): CreateBody[];
  /** Webhook calls made (scenario `doneAfterMs`): the URI and the status the site answered. */
  webhooks: { url: string; status: number }[];
}

export interface CreateBody {
  model?: string;
  input?: unknown;
  background?: boolean;
  response_format?: { type?: string; aspect_ratio?: string; resolution?: string; duration?: string; delivery?: string };
  previous_interaction_id?: string;
  webhook_config?: { uris?: string[] };
  [key: string]: unknown;
}

interface ContentBlock {
  type?: string;
  text?: string;
  data?: string;
  mime_type?: string;
}

/** A key of late 2026: a text model and Omni (GA and its preview), no Veo. */
export const OMNI_KEY_MODELS = ['gemini-2.5-flash', 'gemini-omni-flash-preview', 'gemini-omni-1.1-flash'];
/** A key since Gemini Omni 1.2 Flash became generally available (5 Nov 2026). */
export const OMNI_12_KEY_MODELS = [...OMNI_KEY_MODELS, 'gemini-omni-1.2-flash-preview', 'gemini-omni-1.2-flash'];

/** What response_format.resolution takes (360p: the draft). */
const GOOGLE_RESOLUTIONS = ['360p', '720p', '1080p', '4k'];

/** A video's shape as Google names it (the draft is 360p). */
export interface FakeShape {
  aspectRatio: VideoShape['aspectRatio'];
  resolution: string;
}

/** The longest clip a model makes: 15 s from Omni 1.2 on, 10 s before. */
function longestClip(model: string): number {
  const version = /^gemini-omni-(\d+)\.(\d+)-/.exec(model);
  return version && (Number(version[1]) > 1 || Number(version[2]) >= 2) ? 15 : 10;
}
const PAGE_SIZE = 2;

/** Small frames of each shape (real pixels are not the point; shape and length are). */
const FRAME: Record<string, [number, number]> = {
  '16:9 360p': [64, 36],
  '9:16 360p': [36, 64],
  '16:9 720p': [128, 72],
  '16:9 1080p': [192, 108],
  '9:16 720p': [72, 128],
  '9:16 1080p': [108, 192],
};

const clips = new Map<string, Buffer>();

/** A real MP4 of `seconds` with picture and sound, in `shape` (cached: ffmpeg runs once per kind). */
export function fakeClip(seconds: number, shape: FakeShape, pattern = 'testsrc'): Buffer {
  const key = `${seconds} ${shape.aspectRatio} ${shape.resolution} ${pattern}`;
  const cached = clips.get(key);
  if (cached) return cached;
  const [width, height] = FRAME[`${shape.aspectRatio} ${shape.resolution}`] ?? [128, 72];
  const dir = mkdtempSync(join(tmpdir(), 'fake-omni-'));
  try {
    const file = join(dir, 'clip.mp4');
    execFileSync(ffmpegBinary(), [
      ...['-v', 'error', '-f', 'lavfi', '-i', `${pattern}=size=${width}x${height}:rate=24:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
      ...['-movflags', '+faststart', file],
    ]);
    const clip = readFileSync(file);
    clips.set(key, clip);
    return clip;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The length of an MP4 given as bytes (ffmpeg reads it from a temporary file). */
export function clipSeconds(video: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'fake-omni-probe-'));
  try {
    const file = join(dir, 'in.mp4');
    writeFileSync(file, video);
    let stderr = '';
    try {
      execFileSync(ffmpegBinary(), ['-hide_banner', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (error) {
      // Without an output ffmpeg exits 1 after printing the summary, which is what we read.
      stderr = String((error as { stderr?: Buffer }).stderr ?? '');
    }
    return parseProbe(stderr)?.seconds ?? 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The Gemini API's Interactions endpoints as @google/genai (API-key mode) calls them, for Gemini Omni Flash:
 *   GET  /v1beta/models?pageSize=&pageToken=     → Omni listed with generateContent (not predictLongRunning)
 *   POST /v1beta/interactions  {model, input, background, response_format, previous_interaction_id?, webhook_config?}
 *        → {id, status: 'in_progress', model}; 404 for a model not in the list or a previous interaction it no longer holds
 *   GET  /v1beta/interactions/{id}  → in_progress, then completed with steps [user_input (the input echoed),
 *        model_output [{type: 'video', mime_type, data | uri}]], or failed with errors
 *   GET  /v1beta/files/{id}:download?alt=media   → 302 to the stored file (URI delivery)
 * The key comes in `x-goog-api-key`; errors use Google's {error: {code, message, status}} body.
 */
export async function startFakeInteractions(apiKey = 'test-gemini-key'): Promise<FakeInteractions> {
  const fake = {} as FakeInteractions;
  const interactions = new Map<string, FakeInteraction>();
  const files = new Map<string, Buffer>();

  const server = await startFakeServer((request, res) => {
    const path = request.url.split('?')[0] ?? '';
    const stored = /^\/stored\/([a-f0-9]+)\.mp4$/.exec(path);
    if (request.method === 'GET' && stored) {
      const file = files.get(stored[1]!);
      return file ? sendVideo(res, file) : googleError(res, 404, 'NOT_FOUND', 'No such file.');
    }
    if (!authorized(request, res, apiKey)) return;

    if (request.method === 'GET' && path === '/v1beta/models') {
      const query = new URL(request.url, 'http://fake').searchParams;
      const start = Number(query.get('pageToken') ?? 0);
      return sendJson(res, 200, {
        models: fake.models.slice(start, start + PAGE_SIZE).map((id) => ({
          name: `models/${id}`,
          supportedGenerationMethods: id.startsWith('veo-')
            ? ['predictLongRunning']
            : ['generateContent', 'countTokens'],
        })),
        ...(start + PAGE_SIZE < fake.models.length ? { nextPageToken: String(start + PAGE_SIZE) } : {}),
      });
    }

    if (request.method === 'POST' && path === '/v1beta/interactions') return create(request, res);

    const one = /^\/v1beta\/interactions\/([\w-]+)$/.exec(path);
    if (request.method === 'GET' && one) {
      const interaction = interactions.get(one[1]!);
      if (!interaction) return googleError(res, 404, 'NOT_FOUND', `Interaction ${one[1]} was not found.`);
      interaction.polls += 1;
      return sendJson(res, 200, answer(interaction));
    }

    const file = /^\/v1beta\/files\/([a-f0-9]+):download$/.exec(path);
    if (request.method === 'GET' && file && request.url.includes('alt=media')) {
      res.writeHead(302, { Location: `/stored/${file[1]}.mp4?signature=fake` });
      return void res.end();
    }
    googleError(res, 404, 'NOT_FOUND', `Requested entity was not found: ${request.method} ${path}`);
  });

  function create(request: RecordedRequest, res: ServerResponse): void {
    let body: CreateBody;
    try {
      body = JSON.parse(request.body) as CreateBody;
    } catch {
      return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const model = String(body.model ?? '');
    if (!fake.models.includes(model)) {
      return googleError(res, 404, 'NOT_FOUND', `models/${model} is not found for API version v1beta.`);
    }
    const format = body.response_format ?? {};
    if (format.type !== 'video')
      return googleError(res, 400, 'INVALID_ARGUMENT', 'response_format.type must be video.');
    const previous = body.previous_interaction_id ? interactions.get(body.previous_interaction_id) : undefined;
    if (body.previous_interaction_id && !previous) {
      return googleError(res, 404, 'NOT_FOUND', `Interaction ${body.previous_interaction_id} was not found.`);
    }
    const blocks = contentBlocks(body.input);
    if (!blocks.some((b) => b.type === 'text' && b.text)) {
      return googleError(res, 400, 'INVALID_ARGUMENT', 'The input needs a text prompt.');
    }
    const inputVideo = blocks.find((b) => b.type === 'video' && b.data);
    const inputSeconds = inputVideo ? clipSeconds(Buffer.from(inputVideo.data!, 'base64')) : 0;
    if (inputVideo && inputSeconds === 0)
      return googleError(res, 400, 'INVALID_ARGUMENT', 'The input video cannot be read.');
    const asked = /^(\d+)s$/.exec(format.duration ?? '')?.[1];
    if (format.duration !== undefined && !asked) {
      return googleError(res, 400, 'INVALID_ARGUMENT', 'response_format.duration must look like "8s".');
    }
    if (format.resolution !== undefined && !GOOGLE_RESOLUTIONS.includes(format.resolution)) {
      return googleError(
        res,
        400,
        'INVALID_ARGUMENT',
        `response_format.resolution must be one of ${GOOGLE_RESOLUTIONS.join(', ')}.`,
      );
    }
    if (asked && (Number(asked) < 3 || Number(asked) > longestClip(model))) {
      return googleError(res, 400, 'INVALID_ARGUMENT', `${model} makes videos of 3 to ${longestClip(model)} seconds.`);
    }
    const scenario = structuredClone(fake.scenario);
    // An edit keeps its source's length; an extension adds the asked seconds to the input video.
    const added = Number(asked ?? 8);
    const seconds = previous
      ? previous.seconds
      : inputVideo && asked
        ? scenario.extension === 'whole'
          ? inputSeconds + added
          : added
        : inputVideo
          ? inputSeconds
          : added;
    const id = `v1_${randomBytes(8).toString('hex')}`;
    const shape = {
      aspectRatio: (format.aspect_ratio ?? '16:9') as VideoShape['aspectRatio'],
      resolution: format.resolution ?? '720p',
    };
    interactions.set(id, {
      id,
      model,
      body,
      polls: 0,
      createdAt: Date.now(),
      scenario,
      seconds,
      shape,
      fileId: randomBytes(6).toString('hex'),
    });
    sendJson(res, 200, { id, status: 'in_progress', model, object: 'interaction' });
    if (scenario.doneAfterMs !== undefined) {
      setTimeout(() => void callWebhooks(id, body.webhook_config?.uris ?? []), scenario.doneAfterMs).unref();
    }
  }

  /** What Google sends when an interaction ends; the site must only read the interaction again. */
  async function callWebhooks(id: string, uris: string[]): Promise<void> {
    for (const url of uris) {
      const status = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ event_type: 'interaction.completed', interaction_id: id }),
      }).then(
        (r) => r.status,
        () => 0,
      );
      fake.webhooks.push({ url, status });
    }
  }

  function answer(interaction: FakeInteraction) {
    const { id, model, scenario, body } = interaction;
    const base = { id, model, object: 'interaction', updated: new Date().toISOString() };
    const done =
      scenario.doneAfterMs === undefined
        ? interaction.polls > scenario.pollsBeforeDone
        : Date.now() - interaction.createdAt >= scenario.doneAfterMs;
    if (scenario.outcome.kind === 'never' || !done) {
      return { ...base, status: 'in_progress' };
    }
    if (scenario.outcome.kind === 'refused') {
      return { ...base, status: 'failed', errors: [{ code: 'SAFETY', message: scenario.outcome.message }] };
    }
    if (scenario.outcome.kind === 'error') {
      return { ...base, status: 'failed', errors: [{ code: 'INTERNAL', message: scenario.outcome.message }] };
    }
    interaction.video ??= fakeClip(
      interaction.seconds,
      interaction.shape,
      body.previous_interaction_id ? 'testsrc2' : 'testsrc',
    );
    files.set(interaction.fileId, interaction.video);
    const delivery = scenario.delivery ?? body.response_format?.delivery ?? 'inline';
    const video =
      delivery === 'uri'
        ? {
            type: 'video',
            mime_type: 'video/mp4',
            uri: `${server.baseUrl}/v1beta/files/${interaction.fileId}:download?alt=media`,
          }
        : { type: 'video', mime_type: 'video/mp4', data: interaction.video.toString('base64') };
    return {
      ...base,
      status: 'completed',
      steps: [
        { type: 'user_input', content: contentBlocks(body.input) },
        { type: 'thought', signature: 'c2lnbmF0dXJl' },
        { type: 'model_output', content: [video] },
      ],
      usage: { total_tokens: 5792 * interaction.seconds },
    };
  }

  return Object.assign(fake, server, {
    apiKey,
    models: [...OMNI_KEY_MODELS],
    withdraw: (model: string) => {
      fake.models = fake.models.filter((id) => id !== model);
    },
    scenario: { pollsBeforeDone: 1, outcome: { kind: 'video' } },
    interactions,
    expire: (id: string) => void interactions.delete(id),
    webhooks: [],
    created: () =>
      server.requests
        .filter((r) => r.method === 'POST' && r.url.startsWith('/v1beta/interactions'))
        .map((r) => JSON.parse(r.body) as CreateBody),
  } satisfies Omit<FakeInteractions, keyof FakeServer>);
}

function contentBlocks(input: unknown): ContentBlock[] {
  if (typeof input === 'string') return [{ type: 'text', text: input }];
  if (Array.isArray(input)) return input as ContentBlock[];
  return input && typeof input === 'object' ? [input as ContentBlock] : [];
}

function authorized(request: RecordedRequest, res: ServerResponse, apiKey: string): boolean {
  const given = request.headers['x-goog-api-key'] ?? new URL(request.url, 'http://fake').searchParams.get('key');
  if (given === apiKey) return true;
  if (!given) googleError(res, 403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers.");
  else googleError(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
  return false;
}

function googleError(res: ServerResponse, code: number, status: string, message: string): void {
  sendJson(res, code, { error: { code, message, status } });
}
