import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Who runs a periodic job (the database lease, used without Redis), until when unless renewed. */
@Entity({ name: 'schedule_leases' })
export class ScheduleLeaseEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 36 })
  holder: string;

  @Column({ name: 'expires_at', type: 'datetime', precision: 3 })
  expiresAt: Date;
}
