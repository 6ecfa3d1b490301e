import { Injectable } from '@nestjs/common';
import { DataSource, LessThan } from 'typeorm';
import { WorkerEntity } from './worker.entity';

/** The rows of `workers`: one heartbeat row per live worker process. */
@Injectable()
export class WorkerRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get workers() {
    return this.dataSource.getRepository(WorkerEntity);
  }

  async insert(worker: WorkerEntity): Promise<void> {
    await this.workers.insert(worker);
  }

  /** Stamps the worker's heartbeat; whether its row still exists. */
  async beat(id: string, at: Date): Promise<boolean> {
    const { affected } = await this.workers.update({ id }, { heartbeatAt: at });
    return Boolean(affected);
  }

  async delete(id: string): Promise<void> {
    await this.workers.delete({ id });
  }

  /** Deletes the rows whose last heartbeat is before `before`; how many. */
  async deleteSilentSince(before: Date): Promise<number> {
    const { affected } = await this.workers.delete({ heartbeatAt: LessThan(before) });
    return affected ?? 0;
  }
}
