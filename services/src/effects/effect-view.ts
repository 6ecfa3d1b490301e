import type { AdminEffect, Effect, EffectFaq, EffectInput, EffectText } from '@veo3/contracts/effects';
import type { EffectFiles } from './effect-files.service';
import type { VideoEffectEntity } from './video-effect.entity';

/** An effect as the site shows it: never its prompt template. */
export function toEffect(row: VideoEffectEntity, files: Pick<EffectFiles, 'url'>): Effect {
  return {
    slug: row.slug,
    category: row.category,
    badge: row.badge,
    name: JSON.parse(row.name) as EffectText,
    description: JSON.parse(row.description) as EffectText,
    inputs: effectInputsOf(row),
    faq: JSON.parse(row.faq) as EffectFaq[],
    people: Boolean(row.people),
    price: row.price,
    settings: {
      model: row.model,
      aspect_ratio: row.aspectRatio,
      resolution: row.resolution,
      duration_s: row.durationS,
    },
    sample_url: files.url(row, 'sample'),
    poster_url: files.url(row, 'poster'),
  };
}

/** An effect as the console shows it: everything. */
export function toAdminEffect(row: VideoEffectEntity, files: Pick<EffectFiles, 'url'>): AdminEffect {
  return {
    ...toEffect(row, files),
    id: row.id,
    prompt_template: row.promptTemplate,
    position: row.position,
    published: Boolean(row.published),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function effectInputsOf(row: Pick<VideoEffectEntity, 'inputs'>): EffectInput[] {
  return JSON.parse(row.inputs) as EffectInput[];
}

export function effectNameOf(row: Pick<VideoEffectEntity, 'name'>): EffectText {
  return JSON.parse(row.name) as EffectText;
}
