import type { FastifyRequest } from 'fastify';
import type { GenerateForm } from './video.service';
import { VideoErrorCode, VideoException } from './video.exception';

/** Reads POST /api/video/generate: multipart (prompt, model, image) or, for API callers, JSON without an image. */
export async function readGenerateForm(request: FastifyRequest): Promise<GenerateForm> {
  const key = request.headers['idempotency-key'];
  const clientKey = typeof key === 'string' && key.trim() ? key.trim() : null;
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    return {
      prompt: typeof body.prompt === 'string' ? body.prompt : undefined,
      model: typeof body.model === 'string' ? body.model : undefined,
      clientKey,
    };
  }
  const form: GenerateForm = { clientKey };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'image' && data.length > 0) form.image = data;
      } else if (part.fieldname === 'prompt' || part.fieldname === 'model') {
        form[part.fieldname] = String(part.value);
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
