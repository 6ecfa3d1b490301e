import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '@veo3/contracts/generation-options';
import type { GenerateForm } from './video.service';
import { VideoErrorCode, VideoException } from './video.exception';

/** Text fields of the form, by their names on the wire. */
const FIELDS = {
  prompt: 'prompt',
  model: 'model',
  aspect_ratio: 'aspectRatio',
  resolution: 'resolution',
  negative_prompt: 'negativePrompt',
} as const satisfies Record<string, keyof GenerateForm>;
/** File fields: the first frame and the optional last frame. */
const FILES = { image: 'image', last_frame: 'lastFrame' } as const satisfies Record<string, keyof GenerateForm>;

type TextField = (typeof FIELDS)[keyof typeof FIELDS];

/** This form's own limits (replacing the app's one-file default): two images of at most 10 MB each. */
const FORM_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 10, fieldSize: 64 * 1024 };

/**
 * Reads POST /api/video/generate: multipart (prompt, model, aspect_ratio, resolution,
 * negative_prompt, image, last_frame) or, for API callers, the same text fields as JSON without images.
 */
export async function readGenerateForm(request: FastifyRequest): Promise<GenerateForm> {
  const key = request.headers['idempotency-key'];
  const clientKey = typeof key === 'string' && key.trim() ? key.trim() : null;
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const form: GenerateForm = { clientKey };
    for (const [name, field] of Object.entries(FIELDS) as [string, TextField][]) {
      if (typeof body[name] === 'string') form[field] = body[name];
    }
    return form;
  }
  const form: GenerateForm = { clientKey };
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (Object.hasOwn(FILES, part.fieldname) && data.length > 0) {
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
