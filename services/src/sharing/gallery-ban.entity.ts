import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A user an admin banned from the gallery: their videos are not offered there any more. */
@Entity('gallery_bans')
export class GalleryBanEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ type: 'varchar', length: 500 })
  reason: string;

  /** The admin who banned them (an opaque id, as in the audit log). */
  @Column({ name: 'banned_by', type: 'varchar', length: 36, nullable: true })
  bannedBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;
}
