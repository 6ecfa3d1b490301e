/**
 * The versioned developer API, `/v1` (ARCHITECTURE §12): plain resources (no `{ success, data }`
 * envelope), errors as RFC 9457 problem details, API keys as bearer tokens. `V1_ROUTES` lists every
 * route with its schemas, scopes, prose and examples: the service validates with it, builds
 * `GET /v1/openapi.json` from it, and the /developers page and the MCP server are rendered from it.
 */
import { z } from 'zod';
import { API_KEY_PREFIX, type ApiKeyScope } from './api-keys';
import {
  ASPECT_RATIOS,
  MAX_IMAGE_BYTES,
  MAX_NEGATIVE_PROMPT_LENGTH,
  MAX_PROMPT_LENGTH,
  RESOLUTIONS,
} from './generation-options';
import { MAX_MODEL_SECONDS } from './model-catalogue';
import type { HttpMethod } from './http-method';
import { MAX_SEED } from './video';

/** Where the API lives, under the site's origin. */
export const V1_PREFIX = '/v1';
/** The media type of every error reply (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
/** The header of an idempotent create, and the one a replay answers with. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** An Idempotency-Key is at most this long (the task keeps it). */
export const IDEMPOTENCY_KEY_MAX = 100;
export const V1_LIST_LIMITS = { min: 1, max: 100, default: 20 } as const;

// --- resources ---

/** A video's state: `queued` until a worker takes it (only then can it be cancelled). */
export const V1_VIDEO_STATUSES = ['queued', 'processing', 'completed', 'failed', 'cancelled'] as const;
export const V1VideoStatus = z.enum(V1_VIDEO_STATUSES).describe('queued → processing → completed | failed; cancelled');
export type V1VideoStatus = z.infer<typeof V1VideoStatus>;

export const V1VideoError = z
  .object({
    code: z.string().describe('Why it failed: provider_refused, safety_blocked, timeout, generation_failed, …'),
    message: z.string().describe('What to tell the user; the credits were refunded'),
  })
  .describe('Why the video failed or was cancelled');
export type V1VideoError = z.infer<typeof V1VideoError>;

const Timestamp = z.iso.datetime();
const AspectRatio = z.enum(ASPECT_RATIOS);
const Resolution = z.enum(RESOLUTIONS);

export const V1Video = z
  .object({
    id: z.string().describe('The video id'),
    object: z.literal('video'),
    status: V1VideoStatus,
    model: z.string().describe('The model id (GET /v1/models)'),
    prompt: z.string(),
    aspect_ratio: AspectRatio,
    resolution: Resolution,
    duration_s: z.number().int().positive().describe('Length in seconds'),
    credits: z.number().int().nonnegative().describe('What the video cost (given back when it fails or is cancelled)'),
    result_url: z.url().nullable().describe('A signed link to the MP4 while completed (valid for a limited time)'),
    poster_url: z.url().nullable().describe('A signed link to a still of the video (JPEG), when completed'),
    error: V1VideoError.nullable(),
    created_at: Timestamp,
    completed_at: Timestamp.nullable().describe('When it completed, failed or was cancelled'),
  })
  .describe('A video: one generation');
export type V1Video = z.infer<typeof V1Video>;

export const V1VideoList = z
  .object({
    object: z.literal('list'),
    data: z.array(V1Video),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe('Pass as `starting_after` for the next page; null on the last page'),
  })
  .describe('A page of videos, newest first');
export type V1VideoList = z.infer<typeof V1VideoList>;

export const V1Balance = z
  .object({
    object: z.literal('balance'),
    credits: z.number().int().nonnegative().describe("The account's credits now"),
  })
  .describe("The account's credit balance");
export type V1Balance = z.infer<typeof V1Balance>;

export const V1ModelPrice = z
  .object({
    per: z.enum(['video', 'second']).describe('Credits per video, or per second of video'),
    credits: z
      .partialRecord(Resolution, z.number().int().positive())
      .describe('Credits at each resolution the model makes'),
  })
  .describe("A model's price: a video costs `credits[resolution]`, times `duration_s` when `per` is second");
export type V1ModelPrice = z.infer<typeof V1ModelPrice>;

export const V1Model = z
  .object({
    id: z.string().describe('What to send as `model`'),
    object: z.literal('model'),
    name: z.string(),
    vendor: z.string(),
    modes: z.array(z.enum(['text', 'image'])).describe('text: from a prompt; image: from a first frame and a prompt'),
    durations: z.array(z.number().int().positive()).describe('Lengths it makes, in seconds'),
    resolutions: z.array(Resolution),
    aspect_ratios: z.array(AspectRatio),
    negative_prompt: z.boolean().describe('Whether it takes `negative_prompt`'),
    seed: z.boolean().describe('Whether it takes `seed`'),
    price: V1ModelPrice,
    available: z.boolean().describe('Whether a video with it is accepted now'),
  })
  .describe('A video model on offer');
export type V1Model = z.infer<typeof V1Model>;

export const V1ModelList = z.object({ object: z.literal('list'), data: z.array(V1Model) }).describe('Every model');
export type V1ModelList = z.infer<typeof V1ModelList>;

/** One field that failed validation (RFC 9457's `errors` extension). */
export const V1ProblemField = z.object({
  location: z.enum(['body', 'query', 'path', 'header']),
  pointer: z.string().describe("A JSON Pointer into the body or query, e.g. '#/prompt'"),
  detail: z.string(),
});
export type V1ProblemField = z.infer<typeof V1ProblemField>;

/** An error reply: RFC 9457 problem details, with the contract's error `code`. */
export const V1Problem = z
  .object({
    type: z.string().describe('A URI naming the error: its section of the /developers page'),
    title: z.string().describe('A short summary of the status, the same for every error of it'),
    status: z.number().int().min(400).max(599),
    detail: z.string().describe('What went wrong this time, for a person'),
    code: z.string().describe('The error code to switch on (see /developers#errors)'),
    instance: z.string().optional().describe('The request path'),
    errors: z.array(V1ProblemField).optional().describe('400 only: each invalid field'),
  })
  .describe('An error (RFC 9457 problem details)');
export type V1Problem = z.infer<typeof V1Problem>;

/** `type` of a problem: the error's anchor on the /developers page of `siteUrl`. */
export const problemAnchor = (code: string): string => `errors-${code.toLowerCase().replace(/_/g, '-')}`;
export const problemType = (siteUrl: string, code: string): string => `${siteUrl}/developers#${problemAnchor(code)}`;

/** `title` of a problem, by status. */
export const PROBLEM_TITLES: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorized',
  402: 'Payment required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Content too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

// --- requests ---

const Prompt = z.string().trim().min(1).max(MAX_PROMPT_LENGTH).describe('What the video shows');
const ModelId = z.string().min(1).max(64).describe('A model id from GET /v1/models');
const NegativePrompt = z.string().max(MAX_NEGATIVE_PROMPT_LENGTH).describe('What the video should not show');
const Duration = z.number().int().min(1).max(MAX_MODEL_SECONDS).describe("Seconds: one of the model's durations");
const Seed = z.number().int().min(0).max(MAX_SEED).describe('The same seed makes the same video again (some models)');

/** POST /v1/videos as JSON; an image-to-video request names its first frame by `image_url`. */
export const V1CreateVideoRequest = z
  .strictObject({
    prompt: Prompt,
    model: ModelId,
    aspect_ratio: AspectRatio.optional(),
    resolution: Resolution.optional().describe("One of the model's resolutions; 720p by default"),
    duration_s: Duration.optional(),
    negative_prompt: NegativePrompt.optional(),
    seed: Seed.optional(),
    image_url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional()
      .describe(
        `An https URL of the first frame (JPEG, PNG, GIF or WebP, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB)`,
      ),
  })
  .describe('A video to make');
export type V1CreateVideoRequest = z.infer<typeof V1CreateVideoRequest>;

/** A multipart form's number field: digits as text. */
const formInt = (schema: z.ZodNumber) =>
  z
    .string()
    .regex(/^\d+$/, 'Expected a whole number')
    .describe(schema.description ?? 'A whole number')
    .transform(Number)
    .pipe(schema);

/** POST /v1/videos as multipart/form-data: the same fields as text, and the first frame as the file `image`. */
export const V1CreateVideoForm = z
  .strictObject({
    prompt: Prompt,
    model: ModelId,
    aspect_ratio: AspectRatio.optional(),
    resolution: Resolution.optional(),
    duration_s: formInt(Duration).optional(),
    negative_prompt: NegativePrompt.optional(),
    seed: formInt(Seed).optional(),
  })
  .describe("A video to make, with the first frame uploaded as the file field 'image'");
export type V1CreateVideoForm = z.infer<typeof V1CreateVideoForm>;
/** The file field of the multipart create. */
export const V1_IMAGE_FIELD = 'image';

export const V1ListVideosQuery = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(V1_LIST_LIMITS.min)
    .max(V1_LIST_LIMITS.max)
    .default(V1_LIST_LIMITS.default)
    .describe('How many videos a page holds'),
  starting_after: z.string().min(1).max(64).optional().describe("The previous page's `next_cursor`"),
});
export type V1ListVideosQuery = z.infer<typeof V1ListVideosQuery>;

export const V1VideoParams = z.object({ id: z.string().min(1).max(64).describe('The video id') });
export type V1VideoParams = z.infer<typeof V1VideoParams>;

/** The OpenAPI document itself (an object; its shape is OpenAPI 3.1's). */
export const V1OpenApiDocument = z
  .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }) })
  .loose()
  .describe('This API as an OpenAPI 3.1 document');

/**
 * The schemas the OpenAPI document names in `components.schemas` (a schema used inside another is
 * referenced, not repeated); the others are written where they are used.
 */
export const V1_COMPONENTS: Readonly<Record<string, z.ZodType>> = {
  Video: V1Video,
  VideoStatus: V1VideoStatus,
  VideoError: V1VideoError,
  VideoList: V1VideoList,
  Balance: V1Balance,
  Model: V1Model,
  ModelPrice: V1ModelPrice,
  ModelList: V1ModelList,
  Problem: V1Problem,
  ProblemField: V1ProblemField,
  CreateVideoRequest: V1CreateVideoRequest,
  CreateVideoForm: V1CreateVideoForm,
};

// --- routes ---

export const V1_TAGS = [
  { name: 'Videos', description: 'Make videos from a prompt or a first frame, follow them, list and cancel them.' },
  { name: 'Models', description: 'The video models on offer, with what they make and what they cost.' },
  { name: 'Credits', description: "The account's credit balance, which every video is paid from." },
  { name: 'Meta', description: 'This API described as an OpenAPI 3.1 document.' },
] as const;
export type V1TagName = (typeof V1_TAGS)[number]['name'];

/** A header a route reads or answers with. */
export interface V1Header {
  name: string;
  description: string;
  schema: { type: 'string' | 'integer'; maxLength?: number };
  example: string | number;
}

export interface V1Reply {
  description: string;
  /** The JSON body (a problem for 4xx/5xx); null: none (the route's `contentType` when it is not JSON). */
  schema: z.ZodType | null;
  example?: unknown;
  headers?: readonly V1Header[];
}

export interface V1Route {
  method: HttpMethod;
  /** Nest/Fastify pattern, e.g. '/v1/videos/:id'. */
  path: string;
  operationId: string;
  summary: string;
  /** Markdown. */
  description: string;
  tags: readonly V1TagName[];
  /** The API key's scopes it needs ([]: any valid key); null: no key at all. */
  scopes: readonly ApiKeyScope[] | null;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** The same request as multipart/form-data: its text fields and its file fields. */
  form?: { schema: z.ZodType; files: readonly string[] };
  /** Request headers it reads. */
  headers?: readonly V1Header[];
  /** An example request: its path parameters, query, JSON body and form fields. */
  example?: {
    params?: Record<string, string>;
    query?: Record<string, string | number>;
    body?: unknown;
    form?: unknown;
  };
  replies: Readonly<Record<number, V1Reply>>;
  /** false: left out of the OpenAPI document (the route serving the document itself). */
  documented?: false;
}

/** One route's key in lookups: "GET /v1/videos/:id". */
export const v1RouteKey = (route: Pick<V1Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;

const SITE = 'https://veo3.studio';
const VIDEO_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

const EXAMPLE_VIDEO: V1Video = {
  id: VIDEO_ID,
  object: 'video',
  status: 'queued',
  model: 'veo3',
  prompt: 'A hot air balloon drifting over snowy mountains at sunrise',
  aspect_ratio: '16:9',
  resolution: '720p',
  duration_s: 8,
  credits: 40,
  result_url: null,
  poster_url: null,
  error: null,
  created_at: '2026-11-28T09:30:00.000Z',
  completed_at: null,
};
const COMPLETED_VIDEO: V1Video = {
  ...EXAMPLE_VIDEO,
  status: 'completed',
  result_url: `${SITE}/api/video/file/${VIDEO_ID}?exp=1795858200&sig=Jd0Zg3b8`,
  poster_url: `${SITE}/api/video/poster/${VIDEO_ID}?exp=1795858200&sig=qL7x2Ufa`,
  completed_at: '2026-11-28T09:31:12.000Z',
};
const CANCELLED_VIDEO: V1Video = {
  ...EXAMPLE_VIDEO,
  status: 'cancelled',
  error: { code: 'cancelled', message: 'This video was cancelled before it started. Your credits have been refunded.' },
  completed_at: '2026-11-28T09:30:05.000Z',
};

/** A problem reply of `status` with `code`, its example saying `detail`. */
function problem(status: number, description: string, code: string, detail: string): V1Reply {
  const title = PROBLEM_TITLES[status] ?? `HTTP ${status}`;
  return {
    description,
    schema: V1Problem,
    example: { type: problemType(SITE, code), title, status, detail, code } satisfies V1Problem,
    ...(status === 429 ? { headers: [RETRY_AFTER] } : {}),
  };
}

const RETRY_AFTER: V1Header = {
  name: 'Retry-After',
  description: 'Seconds to wait before the next request',
  schema: { type: 'integer' },
  example: 12,
};

/** The errors every route with a key may answer. */
const KEY_ERRORS = {
  401: problem(
    401,
    'No API key, an unknown or revoked one, or a browser session token',
    'API_KEYS_INVALID',
    'The API key is missing, malformed or revoked.',
  ),
  429: problem(
    429,
    'Too many requests for this key (per minute); wait `Retry-After` seconds',
    'TOO_MANY_REQUESTS',
    'Too many requests. Please wait and try again.',
  ),
} as const;
const missingScope = (scope: ApiKeyScope) =>
  problem(403, `The key lacks the scope ${scope}`, 'API_KEYS_MISSING_SCOPE', `This API key lacks the scope ${scope}.`);
const invalid = (what: string) =>
  problem(
    400,
    `The ${what} does not match its schema; \`errors\` lists each field`,
    'PUBLIC_API_INVALID_REQUEST',
    'The request is not valid.',
  );
const videoNotFound = problem(
  404,
  "No such video of this account's (another account's videos are not found either)",
  'VIDEO_NOT_FOUND',
  'Video not found',
);

const IDEMPOTENCY_KEY: V1Header = {
  name: IDEMPOTENCY_KEY_HEADER,
  description:
    'Any unique string (a UUID) naming this request: sent again with the same body, it answers the video the first ' +
    'request made (200, `Idempotent-Replayed: true`) and charges nothing more. With another body it is a 422.',
  schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX },
  example: '5f0c6a53-7d2a-4b8e-9f3e-2b1d8c4a9e71',
};

const CREATE_DESCRIPTION = `Starts a video and answers at once with it, \`queued\`: follow it with \`GET /v1/videos/{id}\` until it is
\`completed\` (then \`result_url\` links to the MP4) or \`failed\`. The price (\`GET /v1/models\`) is taken from the
account's credits when the video is accepted, and given back if it fails or is cancelled.

Send JSON, naming the first frame of an image-to-video model by \`image_url\`, or \`multipart/form-data\` with the
same fields and the first frame as the file \`image\` (JPEG, PNG, GIF or WebP, at most 10 MB).

Send an \`Idempotency-Key\` to retry safely: a repeat answers the same video and charges once.`;

export const V1_ROUTES = [
  {
    method: 'POST',
    path: '/v1/videos',
    operationId: 'createVideo',
    summary: 'Create a video',
    description: CREATE_DESCRIPTION,
    tags: ['Videos'],
    scopes: ['videos:write'],
    body: V1CreateVideoRequest,
    form: { schema: V1CreateVideoForm, files: [V1_IMAGE_FIELD] },
    headers: [IDEMPOTENCY_KEY],
    example: {
      body: {
        prompt: EXAMPLE_VIDEO.prompt,
        model: 'veo3',
        aspect_ratio: '16:9',
        resolution: '720p',
      } satisfies V1CreateVideoRequest,
      form: { prompt: 'The dog in the picture runs along the beach', model: 'veo3', image: '(binary)' },
    },
    replies: {
      201: { description: 'The video, queued', schema: V1Video, example: EXAMPLE_VIDEO },
      200: {
        description: 'A repeat of an earlier request with the same Idempotency-Key: the video it made, as it is now',
        schema: V1Video,
        example: EXAMPLE_VIDEO,
        headers: [
          {
            name: IDEMPOTENT_REPLAYED_HEADER,
            description: 'Always `true`',
            schema: { type: 'string' },
            example: 'true',
          },
        ],
      },
      400: invalid('body or form'),
      ...KEY_ERRORS,
      402: problem(
        402,
        "Not enough credits, or the key's monthly cap would be passed (API_KEYS_CAP_REACHED); nothing was charged",
        'VIDEO_INSUFFICIENT_CREDITS',
        'Not enough credits! Generating a VEO 3 Text video requires 40 credits, you currently have 12 credits',
      ),
      403: missingScope('videos:write'),
      409: problem(
        409,
        'The account already has the most videos in the making; nothing was charged',
        'VIDEO_TOO_MANY_ACTIVE',
        'You already have 3 videos being made. Please wait for one to finish before starting another. No credits were taken.',
      ),
      415: problem(
        415,
        'The body is neither JSON nor multipart/form-data',
        'FST_ERR_CTP_INVALID_MEDIA_TYPE',
        'Unsupported Media Type: text/plain',
      ),
      413: problem(
        413,
        'The image is larger than 10 MB or 40 megapixels',
        'VIDEO_IMAGE_TOO_LARGE',
        'The image is larger than 10 MB. Please choose a smaller image.',
      ),
      422: problem(
        422,
        'The Idempotency-Key was used with another request, or `image_url` could not be read',
        'VIDEO_IDEMPOTENCY_KEY_REUSED',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      ),
      503: problem(
        503,
        'The model is unavailable right now; nothing was charged',
        'VIDEO_UNAVAILABLE',
        'VEO 3 Text is unavailable right now. No credits were taken.',
      ),
    },
  },
  {
    method: 'GET',
    path: '/v1/videos',
    operationId: 'listVideos',
    summary: 'List videos',
    description:
      "The account's videos, newest first, a page at a time. Pass a page's `next_cursor` as `starting_after` for " +
      'the next; pages stay stable while new videos are made.',
    tags: ['Videos'],
    scopes: ['videos:read'],
    query: V1ListVideosQuery,
    example: { query: { limit: 20 } },
    replies: {
      200: {
        description: 'A page of videos',
        schema: V1VideoList,
        example: {
          object: 'list',
          data: [COMPLETED_VIDEO],
          has_more: true,
          next_cursor: VIDEO_ID,
        } satisfies V1VideoList,
      },
      400: problem(
        400,
        'A query parameter is not valid, or `starting_after` names no video',
        'PUBLIC_API_INVALID_CURSOR',
        'starting_after names no video of yours.',
      ),
      ...KEY_ERRORS,
      403: missingScope('videos:read'),
    },
  },
  {
    method: 'GET',
    path: '/v1/videos/:id',
    operationId: 'getVideo',
    summary: 'Get a video',
    description: 'The video as it is now. Poll it every few seconds while it is `queued` or `processing`.',
    tags: ['Videos'],
    scopes: ['videos:read'],
    params: V1VideoParams,
    example: { params: { id: VIDEO_ID } },
    replies: {
      400: invalid('video id'),
      200: { description: 'The video', schema: V1Video, example: COMPLETED_VIDEO },
      ...KEY_ERRORS,
      403: missingScope('videos:read'),
      404: videoNotFound,
    },
  },
  {
    method: 'POST',
    path: '/v1/videos/:id/cancel',
    operationId: 'cancelVideo',
    summary: 'Cancel a video',
    description:
      'Cancels a video that is still `queued` and gives its credits back (once). A video a worker has taken ' +
      '(`processing`) or that has finished cannot be cancelled: 409.',
    tags: ['Videos'],
    scopes: ['videos:write'],
    params: V1VideoParams,
    example: { params: { id: VIDEO_ID } },
    replies: {
      400: invalid('video id'),
      200: { description: 'The video, cancelled and refunded', schema: V1Video, example: CANCELLED_VIDEO },
      ...KEY_ERRORS,
      403: missingScope('videos:write'),
      404: videoNotFound,
      409: problem(
        409,
        'The video is no longer queued',
        'PUBLIC_API_NOT_CANCELLABLE',
        'Only a queued video can be cancelled; this one is processing.',
      ),
    },
  },
  {
    method: 'GET',
    path: '/v1/models',
    operationId: 'listModels',
    summary: 'List models',
    description:
      'Every video model on offer: what it makes, what it costs, and whether it is available now. Any valid key may read it.',
    tags: ['Models'],
    scopes: [],
    example: {},
    replies: {
      200: {
        description: 'The models',
        schema: V1ModelList,
        example: {
          object: 'list',
          data: [
            {
              id: 'veo3',
              object: 'model',
              name: 'VEO 3 Text',
              vendor: 'Google',
              modes: ['text'],
              durations: [8],
              resolutions: ['720p', '1080p'],
              aspect_ratios: ['16:9', '9:16'],
              negative_prompt: true,
              seed: true,
              price: { per: 'video', credits: { '720p': 40, '1080p': 40 } },
              available: true,
            },
          ],
        } satisfies V1ModelList,
      },
      ...KEY_ERRORS,
    },
  },
  {
    method: 'GET',
    path: '/v1/balance',
    operationId: 'getBalance',
    summary: 'Get the credit balance',
    description: "The account's credits now.",
    tags: ['Credits'],
    scopes: ['credits:read'],
    example: {},
    replies: {
      200: {
        description: 'The balance',
        schema: V1Balance,
        example: { object: 'balance', credits: 360 } satisfies V1Balance,
      },
      ...KEY_ERRORS,
      403: missingScope('credits:read'),
    },
  },
  {
    method: 'GET',
    path: '/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'Get the OpenAPI document',
    description: 'This API as an OpenAPI 3.1 document, for code generators and API clients. No key needed.',
    tags: ['Meta'],
    scopes: null,
    documented: false,
    example: {},
    replies: {
      200: {
        description: 'The OpenAPI document',
        schema: V1OpenApiDocument,
        example: { openapi: '3.1.0', info: { title: 'Veo 3 Studio API', version: '1.0.0' } },
      },
    },
  },
] as const satisfies readonly V1Route[];

/** The route for `method` and `path` (the pattern as listed), or undefined. */
export function findV1Route(method: string, path: string): V1Route | undefined {
  return (V1_ROUTES as readonly V1Route[]).find((r) => r.method === method.toUpperCase() && r.path === path);
}

/** How an API key is sent: `Authorization: Bearer v3s_…`. */
export const V1_AUTH_EXAMPLE = `Authorization: Bearer ${API_KEY_PREFIX}…`;
