import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '@veo3/contracts/generation-options';
import { MAX_REFERENCE_IMAGES } from '@veo3/contracts/video';
import { SIGNATURE_BYTES } from './image-check';
import type { UploadedFile } from './uploaded-file';
import type { ApiKeyCharge } from './video-debit.service';
import { checkPrompt } from './options-check';
import { VideoErrorCode, VideoException } from './video.exception';

/** POST /api/video/generate as read, before its checks (VideoGenerationService.generate). */
export interface GenerateForm {
  prompt?: string;
  model?: string;
  image?: UploadedFile | null;
  aspectRatio?: string;
  resolution?: string;
  negativePrompt?: string;
  lastFrame?: UploadedFile | null;
  /** Seconds, as sent (a model priced per second). */
  duration?: string;
  /** How many videos to make (1, 2 or 4), as sent. */
  variations?: string;
  /** A whole number 0..MAX_SEED, as sent. */
  seed?: string;
  /** "Compare models": 2 or 3 model ids separated by commas, as sent. */
  compare?: string;
  /** "Make one like this": the id of the shared video this one remixes, as sent. */
  remixOf?: string;
  /** Omni: pictures of a character or product to carry into the shot. */
  referenceImages?: UploadedFile[];
  /** The Idempotency-Key header, when the client sent one. */
  clientKey?: string | null;
  /** The API key of a `/v1` or `/mcp` request: its cap is checked with the debit, and the task names it. */
  apiKey?: ApiKeyCharge | null;
  /** A generation from an effect template (services/src/effects): `prompt` is then its filled template. */
  effect?: EffectGeneration | null;
}

/** What a generation from an effect changes: its price, and what its task shows and keeps. */
export interface EffectGeneration {
  id: string;
  /** The effect's English name, for the 402's and the ledger's words. */
  name: string;
  /** What the task shows its owner in place of the template ("Xmas Wish — Anna"). */
  title: string;
  /** Credits the video costs, whatever the model's own price. */
  price: number;
  /** JSON TaskEffectInputs (video/task-effect.ts). */
  inputs: string;
  peopleConsentAt: Date | null;
}

/** Text fields of the form, by their names on the wire. */
const FIELDS = {
  prompt: 'prompt',
  model: 'model',
  aspect_ratio: 'aspectRatio',
  resolution: 'resolution',
  negative_prompt: 'negativePrompt',
  duration: 'duration',
  variations: 'variations',
  seed: 'seed',
  compare: 'compare',
  remix_of: 'remixOf',
} as const satisfies Record<string, keyof GenerateForm>;
/** File fields: the first frame and the optional last frame. */
const FILES = { image: 'image', last_frame: 'lastFrame' } as const satisfies Record<string, keyof GenerateForm>;

/** The repeated file field of Omni's reference images. */
const REFERENCES = 'reference_images';

type TextField = (typeof FIELDS)[keyof typeof FIELDS];

/**
 * This form's own limits (replacing the app's one-file default): images of at most 10 MB each; one
 * reference image more than allowed is still read, so the check answers it with its own message.
 */
const FORM_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 3 + MAX_REFERENCE_IMAGES, fields: 12, fieldSize: 64 * 1024 };

/** The request's Idempotency-Key header, trimmed, or null. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.trim() ? key.trim() : null;
}

/** The temporary folders of `withGenerateForm` start with this. */
const UPLOAD_PREFIX = 'veo3-upload-';

const TOO_LARGE = 'The image is larger than 10 MB. Please choose a smaller image.';

/**
 * Reads POST /api/video/generate and runs `use` with it: multipart (prompt, model, aspect_ratio,
 * resolution, negative_prompt, duration, variations, seed, compare, remix_of, image, last_frame, reference_images
 * repeated) or, for API callers, the same text fields as JSON without images (`duration`,
 * `variations` and `seed` may be numbers there). File
 * parts are streamed to a temporary folder under `tempDir`, removed afterwards whatever happens;
 * a visitor's are never read (readMultipart).
 */
export async function withGenerateForm<T>(
  request: FastifyRequest,
  reader: { signedIn: boolean; tempDir: string },
  use: (form: GenerateForm) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) return use(readJson(request));
  return withUploadDir(reader.tempDir, async (dir) => use(await readMultipart(request, reader.signedIn, dir)));
}

/** Runs `use` with a new temporary folder under `tempDir` for a form's file parts, removed afterwards whatever happens. */
export async function withUploadDir<T>(tempDir: string, use: (dir: string) => Promise<T>): Promise<T> {
  await mkdir(tempDir, { recursive: true });
  const dir = await mkdtemp(join(tempDir, UPLOAD_PREFIX));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function readJson(request: FastifyRequest): GenerateForm {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const form: GenerateForm = { clientKey: idempotencyKeyOf(request) };
  for (const [name, field] of Object.entries(FIELDS) as [string, TextField][]) {
    if (typeof body[name] === 'string') form[field] = body[name];
  }
  for (const name of ['duration', 'variations', 'seed'] as const) {
    if (typeof body[name] === 'number') form[name] = String(body[name]);
  }
  return form;
}

/**
 * The multipart form, each file part written into `dir`. A visitor's first file part ends the
 * reading: the answer (the prompt's refusal, else "please login") needs no file, so none is read.
 */
async function readMultipart(request: FastifyRequest, signedIn: boolean, dir: string): Promise<GenerateForm> {
  const form: GenerateForm = { clientKey: idempotencyKeyOf(request) };
  let files = 0;
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type !== 'file') {
        if (Object.hasOwn(FIELDS, part.fieldname))
          form[FIELDS[part.fieldname as keyof typeof FIELDS]] = String(part.value);
        continue;
      }
      if (!signedIn) {
        checkPrompt(form.prompt);
        throw new VideoException(VideoErrorCode.NotSignedIn, 'Please login before generating a video');
      }
      const file = await writeTemp(part, join(dir, String(files++)));
      if (file.size === 0) continue;
      if (part.fieldname === REFERENCES) (form.referenceImages ??= []).push(file);
      else if (Object.hasOwn(FILES, part.fieldname)) form[FILES[part.fieldname as keyof typeof FILES]] = file;
    }
  } catch (error) {
    if (error instanceof VideoException) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new VideoException(VideoErrorCode.ImageTooLarge, TOO_LARGE);
    }
    throw new VideoException(VideoErrorCode.BadForm, 'The request could not be read');
  }
  return form;
}

/** Streams a file part to `path`, hashing it and keeping its first bytes; one over the size limit is refused. */
export async function writeTemp(part: MultipartFile, path: string): Promise<UploadedFile> {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  await pipeline(
    part.file,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        if (head.length < SIGNATURE_BYTES) head = Buffer.concat([head, chunk]).subarray(0, SIGNATURE_BYTES);
        yield chunk;
      }
    },
    createWriteStream(path),
  );
  if (part.file.truncated) throw new VideoException(VideoErrorCode.ImageTooLarge, TOO_LARGE);
  return { path, size, head, sha256: hash.digest('hex') };
}
