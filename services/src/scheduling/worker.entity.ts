import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A running worker process: its random identity and its last heartbeat (task leases name it). */
@Entity({ name: 'workers' })
export class WorkerEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /** For operators only (which container or pod): never used to judge whether the worker lives. */
  @Column({ type: 'varchar', length: 255 })
  hostname: string;

  @Column({ type: 'int' })
  pid: number;

  @Column({ name: 'started_at', type: 'datetime', precision: 3 })
  startedAt: Date;

  @Column({ name: 'heartbeat_at', type: 'datetime', precision: 3 })
  heartbeatAt: Date;
}
