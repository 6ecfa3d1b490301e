import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '@veo3/contracts/generation-options';
import {
  IDEMPOTENCY_KEY_MAX,
  V1_IMAGE_FIELD,
  V1CreateVideoForm,
  V1CreateVideoRequest,
} from '@veo3/contracts/public-api';
import { idempotencyKeyOf, writeTemp } from '../video/generate-form';
import type { UploadedFile } from '../video/uploaded-file';
import { VideoErrorCode, VideoException } from '../video/video.exception';
import { PublicApiErrorCode, PublicApiException } from './public-api.exception';
import { parseV1 } from './v1-validation';

/** POST /v1/videos as read and checked against the contract: its fields, and the uploaded first frame. */
export interface CreateVideoInput {
  fields: V1CreateVideoRequest;
  /** The multipart `image` (never with `image_url`, which the service downloads). */
  image: UploadedFile | null;
  /** The Idempotency-Key header, or null. */
  clientKey: string | null;
}

/** Runs `use` with a new temporary folder under `parent`, removed afterwards whatever happens. */
export async function withTempDir<T>(parent: string, use: (dir: string) => Promise<T>): Promise<T> {
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(join(parent, 'veo3-v1-'));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The multipart form's limits: one image, the text fields of V1CreateVideoForm. */
const FORM_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 };
const TOO_LARGE = 'The image is larger than 10 MB. Please choose a smaller image.';

const invalid = (pointer: string, detail: string) =>
  new PublicApiException(PublicApiErrorCode.InvalidRequest, `The request is not valid: ${detail}`, [
    { location: 'body', pointer, detail },
  ]);

/**
 * Reads POST /v1/videos (JSON, or multipart/form-data with the file `image`, written into a
 * temporary folder under `tempDir`) and runs `use` with it; the folder is removed afterwards.
 */
export async function withCreateVideoInput<T>(
  request: FastifyRequest,
  tempDir: string,
  use: (input: CreateVideoInput) => Promise<T>,
): Promise<T> {
  const clientKey = idempotencyKeyOf(request);
  if (clientKey && clientKey.length > IDEMPOTENCY_KEY_MAX) {
    throw new PublicApiException(
      PublicApiErrorCode.InvalidRequest,
      `The Idempotency-Key is longer than ${IDEMPOTENCY_KEY_MAX} characters`,
      [{ location: 'header', pointer: '#/Idempotency-Key', detail: `At most ${IDEMPOTENCY_KEY_MAX} characters` }],
    );
  }
  if (!request.isMultipart()) {
    return use({ fields: parseV1(V1CreateVideoRequest, request.body, 'body'), image: null, clientKey });
  }
  return withTempDir(tempDir, async (dir) => use({ ...(await readForm(request, dir)), clientKey }));
}

/** The multipart form: its text fields checked against V1CreateVideoForm, the `image` written into `dir`. */
async function readForm(
  request: FastifyRequest,
  dir: string,
): Promise<{ fields: V1CreateVideoRequest; image: UploadedFile | null }> {
  const text: Record<string, string> = {};
  let image: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type !== 'file') text[part.fieldname] = String(part.value);
      else if (part.fieldname !== V1_IMAGE_FIELD)
        throw invalid(`#/${part.fieldname}`, `Unknown file field ${part.fieldname}`);
      else image = await writeTemp(part, join(dir, 'image'));
    }
  } catch (error) {
    if (error instanceof PublicApiException || error instanceof VideoException) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new VideoException(VideoErrorCode.ImageTooLarge, TOO_LARGE);
    }
    throw invalid('#', 'The form could not be read');
  }
  return { fields: parseV1(V1CreateVideoForm, text, 'body'), image: image?.size ? image : null };
}
