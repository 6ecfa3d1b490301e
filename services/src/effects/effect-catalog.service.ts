import { Injectable } from '@nestjs/common';
import type { Effect } from '@veo3/contracts/effects';
import { EffectFiles } from './effect-files.service';
import { toEffect } from './effect-view';
import { EffectsRepository } from './effects.repository';

/** How long a process serves the published effects it read: a console change elsewhere shows within this. */
export const EFFECT_CATALOG_TTL_MS = 20_000;

/**
 * The published effects as the site shows them (the API, /video-effects, /effects/<slug>, the
 * sitemap), read through a short in-process cache: a console change in this process clears it at
 * once (`clear`); other processes see it within EFFECT_CATALOG_TTL_MS, with no restart.
 */
@Injectable()
export class EffectCatalog {
  private cached: { at: number; effects: Promise<Effect[]> } | null = null;

  constructor(
    private readonly rows: EffectsRepository,
    private readonly files: EffectFiles,
  ) {}

  /** The published effects, in the console's order. */
  published(): Promise<Effect[]> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at >= EFFECT_CATALOG_TTL_MS) {
      // One read for every caller meanwhile; a failed read is not kept.
      const effects = this.rows.published().then((rows) => rows.map((row) => toEffect(row, this.files)));
      const entry = { at: now, effects };
      this.cached = entry;
      effects.catch(() => {
        if (this.cached === entry) this.cached = null;
      });
    }
    return this.cached.effects;
  }

  /** A published effect by its slug, or null (unknown or unpublished). */
  async publishedBySlug(slug: string): Promise<Effect | null> {
    return (await this.published()).find((effect) => effect.slug === slug) ?? null;
  }

  /** Forgets what was read: the next call reads the database (after a console change). */
  clear(): void {
    this.cached = null;
  }
}
