import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { EFFECT_PHOTO_KEYS, fillEffectPrompt } from '@veo3/contracts/effects';
import type { GenerateResult } from '@veo3/contracts/video';
import type { SessionUser } from '../users/session-user';
import type { GenerateForm } from '../video/generate-form';
import type { TaskEffectInputs } from '../video/task-effect';
import { VideoGenerationService } from '../video/video-generation.service';
import { VideoStorage } from '../video/video-storage';
import { VideoErrorCode, VideoException } from '../video/video.exception';
import { withEffectForm } from './effect-form';
import { checkEffectInputs, effectTitle, type CheckedInputs } from './effect-inputs';
import { effectInputsOf, effectNameOf } from './effect-view';
import { effectNotFound } from './effects.exception';
import { EffectsRepository } from './effects.repository';
import type { VideoEffectEntity } from './video-effect.entity';

/**
 * POST /api/effects/:slug/generate: the effect's checks (published, signed in, its inputs, consent),
 * then the generator's own pipeline (photo checks, availability, the debit of the effect's price
 * with its Idempotency-Key, the task, the queue) with the effect's filled template and settings.
 */
@Injectable()
export class EffectGenerationService {
  constructor(
    private readonly rows: EffectsRepository,
    private readonly generation: VideoGenerationService,
    private readonly storage: VideoStorage,
  ) {}

  async generate(user: SessionUser | null, slug: string, request: FastifyRequest): Promise<GenerateResult> {
    // The database, not the catalog's cache: an effect unpublished a moment ago makes nothing.
    const effect = await this.rows.findPublishedBySlug(slug);
    if (!effect) throw effectNotFound();
    // A visitor's photos are never read.
    if (!user) throw new VideoException(VideoErrorCode.NotSignedIn, 'Please login before generating a video');
    return withEffectForm(request, this.storage.tempDir, async (form) => {
      const inputs = checkEffectInputs(effectInputsOf(effect), Boolean(effect.people), form);
      return this.generation.generate(user, generateForm(effect, inputs, form.clientKey));
    });
  }
}

/** The generator's form for the effect: its template filled, its settings, photo_1 as first frame and photo_2 as reference. */
function generateForm(effect: VideoEffectEntity, inputs: CheckedInputs, clientKey: string | null): GenerateForm {
  const name = effectNameOf(effect);
  const photos = EFFECT_PHOTO_KEYS.filter((key) => inputs.photos[key]);
  const kept: TaskEffectInputs = { effect: { slug: effect.slug, name }, texts: inputs.texts, photos };
  return {
    prompt: fillEffectPrompt(effect.promptTemplate, inputs.texts),
    model: effect.model,
    aspectRatio: effect.aspectRatio,
    resolution: effect.resolution,
    duration: String(effect.durationS),
    image: inputs.photos.photo_1 ?? null,
    referenceImages: inputs.photos.photo_2 ? [inputs.photos.photo_2] : [],
    clientKey,
    effect: {
      id: effect.id,
      name: name.en,
      title: effectTitle(name.en, inputs.texts),
      price: effect.price,
      inputs: JSON.stringify(kept),
      // checkEffectInputs refused photos of people without it.
      peopleConsentAt: effect.people && photos.length ? new Date() : null,
    },
  };
}
