import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { GalleryReportReason } from '@veo3/contracts/gallery';

/**
 * A visitor's report of a shared video. The visitor is known only by a keyed hash (of their user id
 * when signed in, else of their address), one report each per video; `reporter_id` is kept for a
 * signed-in reporter so their data can be exported and erased.
 */
@Entity('gallery_reports')
export class GalleryReportEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'share_id', type: 'varchar', length: 22 })
  shareId: string;

  @Column({ name: 'reporter_key', type: 'varchar', length: 64 })
  reporterKey: string;

  @Column({ name: 'reporter_id', type: 'varchar', length: 36, nullable: true })
  reporterId: string | null;

  @Column({ type: 'varchar', length: 12 })
  reason: GalleryReportReason;

  @Column({ type: 'varchar', length: 500, nullable: true })
  details: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  /** When it was reviewed (dismissed, or the video hidden or restored); null while open. */
  @Column({ name: 'closed_at', type: 'datetime', precision: 3, nullable: true })
  closedAt: Date | null;
}
