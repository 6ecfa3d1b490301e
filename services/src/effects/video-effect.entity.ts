import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { AspectRatio, Resolution } from '@veo3/contracts/generation-options';
import type { EffectBadge, EffectCategory } from '@veo3/contracts/effects';

/**
 * An effect template: what /effects/<slug> shows and the prompt a generation from it sends. Texts,
 * inputs and FAQ are JSON (EffectText, EffectInput[], EffectFaq[]): read whole, never queried.
 */
@Entity('video_effects')
@Index('uq_video_effects_slug', ['slug'], { unique: true })
@Index('idx_video_effects_position', ['published', 'position'])
export class VideoEffectEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 60 })
  slug: string;

  @Column({ type: 'varchar', length: 20 })
  category: EffectCategory;

  @Column({ type: 'varchar', length: 10, nullable: true })
  badge: EffectBadge | null;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text' })
  inputs: string;

  @Column({ type: 'text' })
  faq: string;

  /** Its photos show people: a generation with a photo needs the user's consent, kept with the task. */
  @Column({ type: 'boolean', default: false })
  people: boolean;

  /** The prompt sent, `{{text_1}}` filled in; never in a public reply. */
  @Column({ name: 'prompt_template', type: 'text' })
  promptTemplate: string;

  /** Credits a video costs, whatever the model's own price. */
  @Column({ type: 'int' })
  price: number;

  @Column({ type: 'varchar', length: 40 })
  model: string;

  @Column({ name: 'aspect_ratio', type: 'varchar', length: 8 })
  aspectRatio: AspectRatio;

  @Column({ type: 'varchar', length: 8 })
  resolution: Resolution;

  @Column({ name: 'duration_s', type: 'int' })
  durationS: number;

  /** The console's uploaded sample and its poster (storage keys under `effects/`); null: the bundled seed asset, if any. */
  @Column({ name: 'sample_path', type: 'varchar', length: 300, nullable: true })
  samplePath: string | null;

  @Column({ name: 'poster_path', type: 'varchar', length: 300, nullable: true })
  posterPath: string | null;

  /** Order on /video-effects, lowest first. */
  @Column({ type: 'int', default: 0 })
  position: number;

  @Column({ type: 'boolean', default: false })
  published: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}
