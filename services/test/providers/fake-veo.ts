import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  fakeVideoBytes,
  sendJson,
  sendVideo,
  startFakeServer,
  type FakeServer,
  type RecordedRequest,
} from './fake-http';

/** How an operation ends once `pollsBeforeDone` polls have answered "not done". */
export type FakeVeoOutcome =
  | { kind: 'video' }
  /** The operation finishes with a google.rpc.Status error. */
  | { kind: 'error'; code: number; message: string }
  /** Responsible-AI filtering: done, no samples, the filter's reasons. */
  | { kind: 'filtered'; reasons: string[] }
  | { kind: 'never' };

export interface FakeVeoScenario {
  pollsBeforeDone: number;
  outcome: FakeVeoOutcome;
}

export interface FakeVeo extends FakeServer {
  apiKey: string;
  video: Buffer;
  /** The key's model list (ids without `models/`): what `models.list` answers and what can be used. */
  models: string[];
  /**
   * Takes `model` away as Google retires a model: it leaves the list, a new operation on it answers
   * 404, and its running operations end with a NOT_FOUND "no longer available" error.
   */
  withdraw(model: string): void;
  /** The models withdrawn so far (clear it to start over). */
  withdrawn: Set<string>;
  /** Taken by each operation when it is created. */
  scenario: FakeVeoScenario;
  /** Where a finished operation says its video is; the Gemini API's own files endpoint by default. */
  videoUri: (fileId: string) => string;
}

const RESPONSE_TYPE = 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse';

/** What a key saw in 2026: the retired Veo 3.0 ids are gone, Veo 3.1 is served; also a model that makes text only. */
export const KEY_MODELS = [
  'gemini-2.5-flash',
  'veo-2.0-generate-001',
  'veo-3.1-generate-001',
  'veo-3.1-fast-generate-001',
  'veo-3.1-generate-preview',
];
/** Models listed per page, so that the SDK's pager has to follow nextPageToken. */
const PAGE_SIZE = 2;

/**
 * The Gemini API's Veo endpoints as @google/genai (API-key mode) calls them:
 *   GET  /v1beta/models?pageSize=&pageToken=                     → {models: [{name, supportedGenerationMethods}], nextPageToken}
 *   POST /v1beta/models/{model}:predictLongRunning   {instances:[{prompt, image?:{bytesBase64Encoded,mimeType}}], parameters}
 *        → {name: "models/{model}/operations/{id}"}
 *   GET  /v1beta/models/{model}/operations/{id}      → {name} while running, then {name, done: true, response | error}
 *   GET  /v1beta/files/{id}:download?alt=media       → 302 to the stored file, which answers the MP4 bytes
 * The key comes in `x-goog-api-key` (or `?key=`); errors use Google's {error: {code, message, status}} body.
 */
export async function startFakeVeo(apiKey = 'test-gemini-key', video = fakeVideoBytes()): Promise<FakeVeo> {
  const operations = new Map<string, { polls: number; scenario: FakeVeoScenario; fileId: string; model: string }>();
  const fake = {} as FakeVeo;

  const server = await startFakeServer(
    (request, res) => {
      const path = request.url.split('?')[0] ?? '';
      const stored = /^\/stored\/([a-z0-9]+)\.mp4$/.exec(path);
      // The redirect target is a signed storage link: no key needed, as with Google's.
      if (request.method === 'GET' && stored) return sendVideo(res, video);
      if (!authorized(request, res, apiKey)) return;

      if (request.method === 'GET' && path === '/v1beta/models') {
        const query = new URL(request.url, 'http://fake').searchParams;
        const start = Number(query.get('pageToken') ?? 0);
        const page = fake.models.slice(start, start + PAGE_SIZE);
        return sendJson(res, 200, {
          models: page.map((id) => ({
            name: `models/${id}`,
            supportedGenerationMethods: id.startsWith('veo-') ? ['predictLongRunning'] : ['generateContent'],
          })),
          ...(start + PAGE_SIZE < fake.models.length ? { nextPageToken: String(start + PAGE_SIZE) } : {}),
        });
      }

      const submit = /^\/v1beta\/models\/([\w.-]+):predictLongRunning$/.exec(path);
      if (request.method === 'POST' && submit) {
        const model = submit[1]!;
        if (!fake.models.includes(model)) {
          return googleError(
            res,
            404,
            'NOT_FOUND',
            `models/${model} is not found for API version v1beta, or is not supported for predictLongRunning.`,
          );
        }
        const problem = invalidSubmit(request.body);
        if (problem) return googleError(res, 400, 'INVALID_ARGUMENT', problem);
        const name = `models/${model}/operations/${randomBytes(6).toString('hex')}`;
        operations.set(name, {
          polls: 0,
          scenario: structuredClone(fake.scenario),
          fileId: randomBytes(6).toString('hex'),
          model,
        });
        return sendJson(res, 200, { name });
      }

      const operation = request.method === 'GET' ? operations.get(path.replace(/^\/v1beta\//, '')) : undefined;
      if (operation) {
        const name = path.replace(/^\/v1beta\//, '');
        const { scenario } = operation;
        operation.polls += 1;
        if (fake.withdrawn.has(operation.model)) {
          return sendJson(res, 200, {
            name,
            done: true,
            error: { code: 5, message: `The model ${operation.model} is no longer available.` },
          });
        }
        if (scenario.outcome.kind === 'never' || operation.polls <= scenario.pollsBeforeDone) {
          return sendJson(res, 200, { name });
        }
        return sendJson(res, 200, finished(name, scenario.outcome, fake.videoUri(operation.fileId)));
      }

      const file = /^\/v1beta\/files\/([a-z0-9]+):download$/.exec(path);
      if (request.method === 'GET' && file && request.url.includes('alt=media')) {
        res.writeHead(302, { Location: `/stored/${file[1]}.mp4?signature=fake` });
        return void res.end();
      }
      googleError(res, 404, 'NOT_FOUND', `Requested entity was not found: ${request.method} ${path}`);
    },
    video.subarray(0, 64 * 1024),
  );

  return Object.assign(fake, server, {
    apiKey,
    video,
    scenario: { pollsBeforeDone: 2, outcome: { kind: 'video' } },
    videoUri: (fileId: string) => `${server.baseUrl}/v1beta/files/${fileId}:download?alt=media`,
    models: [...KEY_MODELS],
    withdrawn: new Set<string>(),
    withdraw: (model: string) => {
      fake.withdrawn.add(model);
      fake.models = fake.models.filter((id) => id !== model);
    },
  } satisfies Omit<FakeVeo, keyof FakeServer>);
}

function authorized(request: RecordedRequest, res: ServerResponse, apiKey: string): boolean {
  const given = request.headers['x-goog-api-key'] ?? new URL(request.url, 'http://fake').searchParams.get('key');
  if (given === apiKey) return true;
  // What Google answers: 403 without a key, 400 with a wrong one.
  if (!given) googleError(res, 403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers.");
  else googleError(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
  return false;
}

type FakeImage = { bytesBase64Encoded?: unknown; mimeType?: unknown };

function invalidSubmit(body: string): string | undefined {
  let parsed: {
    instances?: { prompt?: unknown; image?: FakeImage; lastFrame?: FakeImage }[];
    parameters?: { aspectRatio?: unknown; resolution?: unknown; negativePrompt?: unknown };
  };
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'Invalid JSON payload received.';
  }
  const instance = parsed.instances?.[0];
  if (!instance || (typeof instance.prompt !== 'string' && !instance.image)) return 'A prompt or an image is required.';
  for (const image of [instance.image, instance.lastFrame]) {
    if (image && (typeof image.bytesBase64Encoded !== 'string' || typeof image.mimeType !== 'string')) {
      return 'Image must have bytesBase64Encoded and mimeType.';
    }
  }
  if (instance.lastFrame && !instance.image) return 'lastFrame requires an image (the first frame).';
  const parameters = parsed.parameters ?? {};
  if (parameters.aspectRatio !== undefined && !['16:9', '9:16'].includes(String(parameters.aspectRatio))) {
    return 'aspectRatio must be 16:9 or 9:16.';
  }
  if (parameters.resolution !== undefined && !['720p', '1080p'].includes(String(parameters.resolution))) {
    return 'resolution must be 720p or 1080p.';
  }
  if (parameters.negativePrompt !== undefined && typeof parameters.negativePrompt !== 'string') {
    return 'negativePrompt must be a string.';
  }
  return undefined;
}

function finished(name: string, outcome: FakeVeoOutcome, videoUri: string) {
  switch (outcome.kind) {
    case 'error':
      return { name, done: true, error: { code: outcome.code, message: outcome.message } };
    case 'filtered':
      return {
        name,
        done: true,
        response: {
          '@type': RESPONSE_TYPE,
          generateVideoResponse: { raiMediaFilteredCount: 1, raiMediaFilteredReasons: outcome.reasons },
        },
      };
    default:
      return {
        name,
        done: true,
        response: {
          '@type': RESPONSE_TYPE,
          generateVideoResponse: { generatedSamples: [{ video: { uri: videoUri } }] },
        },
      };
  }
}

function googleError(res: ServerResponse, code: number, status: string, message: string): void {
  sendJson(res, code, { error: { code, message, status } });
}
