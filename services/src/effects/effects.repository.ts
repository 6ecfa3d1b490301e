import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { VideoEffectEntity } from './video-effect.entity';

/** Effect templates. Methods that take an EntityManager run in the caller's transaction. */
@Injectable()
export class EffectsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The published effects, in the console's order. */
  published(): Promise<VideoEffectEntity[]> {
    return this.dataSource
      .getRepository(VideoEffectEntity)
      .find({ where: { published: true }, order: { position: 'ASC', createdAt: 'ASC' } });
  }

  /** Every effect, published or not, in order (the console). */
  all(m: EntityManager = this.dataSource.manager): Promise<VideoEffectEntity[]> {
    return m.find(VideoEffectEntity, { order: { position: 'ASC', createdAt: 'ASC' } });
  }

  findPublishedBySlug(slug: string): Promise<VideoEffectEntity | null> {
    return this.dataSource.getRepository(VideoEffectEntity).findOneBy({ slug, published: true });
  }

  /** An effect by slug, published or not (its files: an upload stays reachable only while published). */
  findBySlug(slug: string): Promise<VideoEffectEntity | null> {
    return this.dataSource.getRepository(VideoEffectEntity).findOneBy({ slug });
  }

  findById(id: string, m: EntityManager = this.dataSource.manager): Promise<VideoEffectEntity | null> {
    return m.findOneBy(VideoEffectEntity, { id });
  }

  /** The next free position: a new effect goes last. */
  async nextPosition(m: EntityManager): Promise<number> {
    const row = await m
      .createQueryBuilder(VideoEffectEntity, 'e')
      .select('COALESCE(MAX(e.position), -1) + 1', 'next')
      .getRawOne<{ next: number | string }>();
    return Number(row?.next ?? 0);
  }

  async insert(m: EntityManager, effect: Omit<VideoEffectEntity, 'createdAt' | 'updatedAt'>): Promise<void> {
    await m.insert(VideoEffectEntity, effect);
  }

  async update(m: EntityManager, id: string, changes: Partial<VideoEffectEntity>): Promise<void> {
    await m.update(VideoEffectEntity, { id }, changes);
  }
}
