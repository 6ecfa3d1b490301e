import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { GalleryCategory, GalleryState } from '@veo3/contracts/sharing';

/**
 * One shared version of a video: its public page `/v/<id>`. The id is random (it reveals nothing of
 * the task or its owner); what the page shows is copied here when shared, so public reads and the
 * gallery read one table. Stopping sharing sets `unshared_at` for good: sharing again makes a new id.
 */
@Entity('shared_videos')
export class SharedVideoEntity {
  /** 16 random bytes, base64url. */
  @PrimaryColumn({ type: 'varchar', length: 22 })
  id: string;

  @Column({ name: 'task_id', type: 'varchar', length: 36 })
  taskId: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ type: 'text' })
  prompt: string;

  @Column({ type: 'varchar', length: 40 })
  model: string;

  @Column({ name: 'duration_s', type: 'int' })
  durationS: number;

  @Column({ name: 'aspect_ratio', type: 'varchar', length: 8 })
  aspectRatio: string;

  /** The creator's display name as shown; null when they chose "Anonymous". */
  @Column({ name: 'creator_name', type: 'varchar', length: 100, nullable: true })
  creatorName: string | null;

  @Column({ name: 'show_prompt', type: 'boolean', default: true })
  showPrompt: boolean;

  /** Whether a remix may start from this video's first frame and reference images. */
  @Column({ name: 'allow_image_remix', type: 'boolean', default: false })
  allowImageRemix: boolean;

  /** off: not offered; listed: in the gallery; held: waiting for review; hidden: an admin hid it. */
  @Column({ name: 'gallery_state', type: 'varchar', length: 8, default: 'off' })
  galleryState: GalleryState;

  /** The gallery category its owner chose (the home page's gallery buttons). */
  @Column({ type: 'varchar', length: 12, default: 'other' })
  category: GalleryCategory;

  /** Why it is held or hidden (the automatic check's or the admin's reason). */
  @Column({ name: 'gallery_reason', type: 'varchar', length: 500, nullable: true })
  galleryReason: string | null;

  /** When it was listed: the gallery's "newest" order. */
  @Column({ name: 'gallery_at', type: 'datetime', precision: 3, nullable: true })
  galleryAt: Date | null;

  @Column({ type: 'int', default: 0 })
  views: number;

  @Column({ type: 'int', default: 0 })
  remixes: number;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ name: 'unshared_at', type: 'datetime', precision: 3, nullable: true })
  unsharedAt: Date | null;
}
