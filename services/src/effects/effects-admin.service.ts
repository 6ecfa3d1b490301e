import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AdminEffect, EffectDraft } from '@veo3/contracts/effects';
import type { AdminAuditAction } from '@veo3/contracts/admin';
import { auditedBy, type AdminActor } from '../admin/admin-actor';
import { AuditLogService } from '../audit/audit-log.service';
import { isUniqueViolation } from '../database/transaction';
import { TransactionRunner } from '../database/transaction-runner';
import { ModelCatalogue } from '../video/catalogue/model-catalogue';
import { EffectCatalog } from './effect-catalog.service';
import { EffectFiles } from './effect-files.service';
import { checkEffectDraft } from './effect-rules';
import { toAdminEffect } from './effect-view';
import { EffectsErrorCode, EffectsException, invalidEffect } from './effects.exception';
import { EffectsRepository } from './effects.repository';
import type { VideoEffectEntity } from './video-effect.entity';

/** The columns a draft sets. */
function draftColumns(draft: EffectDraft) {
  return {
    slug: draft.slug,
    category: draft.category,
    badge: draft.badge,
    name: JSON.stringify(draft.name),
    description: JSON.stringify(draft.description),
    inputs: JSON.stringify(draft.inputs),
    faq: JSON.stringify(draft.faq),
    people: draft.people,
    promptTemplate: draft.prompt_template,
    price: draft.price,
    model: draft.settings.model,
    aspectRatio: draft.settings.aspect_ratio,
    resolution: draft.settings.resolution,
    durationS: draft.settings.duration_s,
  };
}

/** What an effect's audit row says of it: everything the console edits, its template included. */
function audited(effect: AdminEffect): Record<string, unknown> {
  const { sample_url: _s, poster_url: _p, updated_at: _u, ...rest } = effect;
  return rest;
}

const notFound = () => new EffectsException(EffectsErrorCode.NotFound, 'This effect does not exist.');

/**
 * The console's Effects section: effects listed, created (unpublished), edited, published,
 * unpublished, reordered and given a sample, each change with its audit row in its transaction.
 * Each clears this process's EffectCatalog, so the site shows it at once here (elsewhere within its TTL).
 */
@Injectable()
export class EffectsAdminService {
  constructor(
    private readonly rows: EffectsRepository,
    private readonly audit: AuditLogService,
    private readonly transactions: TransactionRunner,
    private readonly catalogue: ModelCatalogue,
    private readonly catalog: EffectCatalog,
    private readonly files: EffectFiles,
  ) {}

  async list(): Promise<AdminEffect[]> {
    return (await this.rows.all()).map((row) => toAdminEffect(row, this.files));
  }

  async create(actor: AdminActor, draft: EffectDraft): Promise<AdminEffect> {
    checkEffectDraft(draft, (id) => this.catalogue.find(id));
    const id = randomUUID();
    await this.slugChecked(draft.slug, () =>
      this.transactions.run(async (m) => {
        const position = await this.rows.nextPosition(m);
        await this.rows.insert(m, {
          id,
          ...draftColumns(draft),
          samplePath: null,
          posterPath: null,
          position,
          published: false,
        });
        await this.record(m, actor, draft.reason, 'effect.create', id, null);
      }),
    );
    return this.changed(id);
  }

  async update(actor: AdminActor, id: string, draft: EffectDraft): Promise<AdminEffect> {
    checkEffectDraft(draft, (model) => this.catalogue.find(model));
    await this.slugChecked(draft.slug, () =>
      this.change(actor, id, draft.reason, 'effect.update', (m) => this.rows.update(m, id, draftColumns(draft))),
    );
    return this.changed(id);
  }

  async setPublished(actor: AdminActor, id: string, published: boolean, reason: string): Promise<AdminEffect> {
    const action = published ? 'effect.publish' : 'effect.unpublish';
    await this.change(actor, id, reason, action, (m) => this.rows.update(m, id, { published }));
    return this.changed(id);
  }

  /** Puts every effect in the order of `ids` (each effect's id once); one audit row lists the new order. */
  async reorder(actor: AdminActor, ids: string[], reason: string): Promise<AdminEffect[]> {
    await this.transactions.run(async (m) => {
      const all = await this.rows.all(m);
      const known = new Set(all.map((row) => row.id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
        throw invalidEffect('Send every effect’s id once, in the new order.');
      }
      for (const [position, id] of ids.entries()) await this.rows.update(m, id, { position });
      await this.audit.record(m, {
        ...auditedBy(actor, reason),
        action: 'effect.reorder',
        targetType: 'effect',
        targetId: ids[0]!,
        before: { order: all.map((row) => row.slug) },
        after: { order: ids.map((id) => all.find((row) => row.id === id)!.slug) },
      });
    });
    this.catalog.clear();
    return this.list();
  }

  /** Stores a checked sample (effect-sample.ts) and its poster for the effect, replacing the previous upload. */
  async setSample(actor: AdminActor, id: string, video: string, ext: 'mp4' | 'webm', reason: string) {
    const effect = await this.rows.findById(id);
    if (!effect) throw notFound();
    const stored = await this.files.saveSample(id, video, ext);
    try {
      await this.change(actor, id, reason, 'effect.sample', (m) =>
        this.rows.update(m, id, { samplePath: stored.sample, posterPath: stored.poster }),
      );
    } catch (error) {
      await this.files.discard(stored.sample);
      await this.files.discard(stored.poster);
      throw error;
    }
    await this.files.discard(effect.samplePath);
    await this.files.discard(effect.posterPath);
    return this.changed(id);
  }

  /** Applies `write` to an existing effect with its audit row (before and after) in one transaction. */
  private async change(
    actor: AdminActor,
    id: string,
    reason: string,
    action: AdminAuditAction,
    write: (m: EntityManager) => Promise<void>,
  ): Promise<void> {
    await this.transactions.run(async (m) => {
      const before = await this.rows.findById(id, m);
      if (!before) throw notFound();
      await write(m);
      await this.record(m, actor, reason, action, id, before);
    });
  }

  private async record(
    m: EntityManager,
    actor: AdminActor,
    reason: string,
    action: AdminAuditAction,
    id: string,
    before: VideoEffectEntity | null,
  ): Promise<void> {
    const after = (await this.rows.findById(id, m))!;
    await this.audit.record(m, {
      ...auditedBy(actor, reason),
      action,
      targetType: 'effect',
      targetId: id,
      before: before && audited(toAdminEffect(before, this.files)),
      after: audited(toAdminEffect(after, this.files)),
    });
  }

  /** Runs a write that sets `slug`, answering another effect's slug with a 409. */
  private async slugChecked(slug: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new EffectsException(EffectsErrorCode.SlugTaken, `Another effect has the slug ${slug} already.`);
    }
  }

  /** The effect after a change, which the site shows from now on in this process. */
  private async changed(id: string): Promise<AdminEffect> {
    this.catalog.clear();
    return toAdminEffect((await this.rows.findById(id))!, this.files);
  }
}
