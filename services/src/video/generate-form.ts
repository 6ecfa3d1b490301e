import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '@veo3/contracts/generation-options';
import { MAX_REFERENCE_IMAGES } from '@veo3/contracts/video';
import type { GenerateForm } from './video.service';
import { VideoErrorCode, VideoException } from './video.exception';

/** Text fields of the form, by their names on the wire. */
const FIELDS = {
  prompt: 'prompt',
  model: 'model',
  aspect_ratio: 'aspectRatio',
  resolution: 'resolution',
  negative_prompt: 'negativePrompt',
  duration: 'duration',
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

/**
 * Reads POST /api/video/generate: multipart (prompt, model, aspect_ratio, resolution,
 * negative_prompt, duration, image, last_frame, reference_images repeated) or, for API callers,
 * the same text fields as JSON without images (`duration` may be a number there).
 */
export async function readGenerateForm(request: FastifyRequest): Promise<GenerateForm> {
  const clientKey = idempotencyKeyOf(request);
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const form: GenerateForm = { clientKey };
    for (const [name, field] of Object.entries(FIELDS) as [string, TextField][]) {
      if (typeof body[name] === 'string') form[field] = body[name];
    }
    if (typeof body.duration === 'number') form.duration = String(body.duration);
    return form;
  }
  const form: GenerateForm = { clientKey };
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === REFERENCES && data.length > 0) {
          (form.referenceImages ??= []).push(data);
        } else if (Object.hasOwn(FILES, part.fieldname) && data.length > 0) {
          form[FILES[part.fieldname as keyof typeof FILES]] = data;
        }
      } else if (Object.hasOwn(FIELDS, part.fieldname)) {
        form[FIELDS[part.fieldname as keyof typeof FIELDS]] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new VideoException(
        VideoErrorCode.ImageTooLarge,
        'The image is larger than 10 MB. Please choose a smaller image.',
      );
    }
    throw new VideoException(VideoErrorCode.BadForm, 'The request could not be read');
  }
  return form;
}
