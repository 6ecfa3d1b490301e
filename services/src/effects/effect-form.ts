import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { EFFECT_PHOTO_KEYS, EFFECT_TEXT_KEYS, type EffectPhotoKey, type EffectTextKey } from '@veo3/contracts/effects';
import { MAX_IMAGE_BYTES } from '@veo3/contracts/generation-options';
import { idempotencyKeyOf, withUploadDir, writeTemp } from '../video/generate-form';
import { VideoErrorCode, VideoException } from '../video/video.exception';
import type { EffectForm } from './effect-inputs';

/** The consent field: "yes" when the user confirmed the people in their photos are adults who agreed. */
const CONSENT = 'people_consent';

/** One file more than an effect takes is still read, so the check answers it by name. */
const FORM_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: EFFECT_PHOTO_KEYS.length + 1, fields: 8, fieldSize: 4 * 1024 };

const isText = (name: string): name is EffectTextKey => (EFFECT_TEXT_KEYS as readonly string[]).includes(name);
const isPhoto = (name: string): name is EffectPhotoKey => (EFFECT_PHOTO_KEYS as readonly string[]).includes(name);

/**
 * Reads POST /api/effects/:slug/generate of a signed-in user and runs `use` with it: multipart
 * (text_1, text_2, people_consent, photo_1, photo_2; the photos streamed to a temporary folder
 * under `tempDir`, removed afterwards whatever happens, through the generator's own writer and
 * limits) or, without photos, the same text fields as JSON.
 */
export async function withEffectForm<T>(
  request: FastifyRequest,
  tempDir: string,
  use: (form: EffectForm) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) return use(readJson(request));
  return withUploadDir(tempDir, async (dir) => use(await readMultipart(request, dir)));
}

function emptyForm(request: FastifyRequest): EffectForm {
  return { texts: {}, photos: {}, unknown: [], clientKey: idempotencyKeyOf(request) };
}

function readField(form: EffectForm, name: string, value: unknown): void {
  if (isText(name)) form.texts[name] = String(value);
  else if (name === CONSENT) form.peopleConsent = String(value);
  else form.unknown.push(name);
}

function readJson(request: FastifyRequest): EffectForm {
  const form = emptyForm(request);
  for (const [name, value] of Object.entries((request.body ?? {}) as Record<string, unknown>)) {
    readField(form, name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form;
}

async function readMultipart(request: FastifyRequest, dir: string): Promise<EffectForm> {
  const form = emptyForm(request);
  let files = 0;
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type !== 'file') {
        readField(form, part.fieldname, part.value);
        continue;
      }
      const file = await writeTemp(part, join(dir, String(files++)));
      if (file.size === 0) continue;
      if (isPhoto(part.fieldname)) form.photos[part.fieldname] = file;
      else form.unknown.push(part.fieldname);
    }
  } catch (error) {
    if (error instanceof VideoException) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new VideoException(
        VideoErrorCode.ImageTooLarge,
        'The image is larger than 10 MB. Please choose a smaller image.',
      );
    }
    throw new VideoException(VideoErrorCode.BadForm, 'The request could not be read');
  }
  return form;
}
