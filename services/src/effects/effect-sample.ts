import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AdminReason } from '@veo3/contracts/credits';
import { EFFECT_SAMPLE_FILE, EFFECT_SAMPLE_MAX_BYTES } from '@veo3/contracts/effects';
import { probeVideo } from '../video/providers/local/video-probe';
import { withUploadDir } from '../video/generate-form';
import { EffectsErrorCode, EffectsException } from './effects.exception';

/** A sample upload that passed its checks: the video's temporary file, its kind, and the reason. */
export interface CheckedSample {
  path: string;
  ext: 'mp4' | 'webm';
  reason: string;
}

const MAX_MB = EFFECT_SAMPLE_MAX_BYTES / 1024 / 1024;
const invalid = (message: string) => new EffectsException(EffectsErrorCode.InvalidSample, message);

/** MP4 (an `ftyp` box first) or WebM (an EBML header), by the file's first bytes; null otherwise. */
export function sampleKind(head: Buffer): 'mp4' | 'webm' | null {
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'webm';
  return null;
}

/**
 * Reads POST /api/admin/effects/:id/sample (multipart: `video`, `reason`) and runs `use` with it once
 * the video is known to be an MP4 or WebM of at most EFFECT_SAMPLE_MAX_BYTES that ffmpeg reads as a
 * video; its temporary folder is removed afterwards whatever happens.
 */
export function withSampleForm<T>(
  request: FastifyRequest,
  tempDir: string,
  use: (sample: CheckedSample) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart())
    throw invalid(`Send the sample as a multipart form with the file in "${EFFECT_SAMPLE_FILE}".`);
  return withUploadDir(tempDir, async (dir) => use(await readSample(request, join(dir, 'sample'))));
}

async function readSample(request: FastifyRequest, path: string): Promise<CheckedSample> {
  let reason: unknown;
  let received = false;
  try {
    const limits = { fileSize: EFFECT_SAMPLE_MAX_BYTES, files: 1, fields: 2, fieldSize: 2048 };
    for await (const part of request.parts({ limits })) {
      if (part.type !== 'file') {
        if (part.fieldname === 'reason') reason = part.value;
        continue;
      }
      if (part.fieldname !== EFFECT_SAMPLE_FILE || received) {
        part.file.resume();
        continue;
      }
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated)
        throw invalid(`The sample is larger than ${MAX_MB} MB. Please upload a shorter or smaller video.`);
      received = true;
    }
  } catch (error) {
    if (error instanceof EffectsException) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw invalid(`The sample is larger than ${MAX_MB} MB. Please upload a shorter or smaller video.`);
    }
    throw invalid('The upload could not be read.');
  }
  const checkedReason = AdminReason.safeParse(reason);
  if (!checkedReason.success) throw invalid(checkedReason.error.issues[0]!.message);
  if (!received) throw invalid(`Please choose a sample video (MP4 or WebM) in "${EFFECT_SAMPLE_FILE}".`);
  const ext = sampleKind(await firstBytes(path));
  const probe = ext ? await probeVideo(path) : null;
  if (!ext || !probe?.video) throw invalid('The sample must be an MP4 or WebM video. This file is not one.');
  return { path, ext, reason: checkedReason.data };
}

async function firstBytes(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(12), 0, 12, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
