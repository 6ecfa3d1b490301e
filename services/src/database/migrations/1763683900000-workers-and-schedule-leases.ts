import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumn } from '../migration-helpers';

/**
 * Worker identity and run-once scheduling: `workers` (a random id per process and its heartbeat;
 * task leases name it), `schedule_leases` (which process runs a periodic job, without Redis), and
 * `video_tasks.finished_by` (the worker that finished a task, for operators).
 */
export class WorkersAndScheduleLeases1763683900000 implements MigrationInterface {
  name = 'WorkersAndScheduleLeases1763683900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'workers',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'hostname', type: 'varchar', length: '255' },
          { name: 'pid', type: 'int' },
          timestampColumn(queryRunner, 'started_at'),
          timestampColumn(queryRunner, 'heartbeat_at'),
        ],
        indices: [new TableIndex({ name: 'idx_workers_heartbeat', columnNames: ['heartbeat_at'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'schedule_leases',
        columns: [
          { name: 'name', type: 'varchar', length: '100', isPrimary: true },
          { name: 'holder', type: 'varchar', length: '36' },
          timestampColumn(queryRunner, 'expires_at'),
        ],
      }),
    );
    await queryRunner.addColumn(
      'video_tasks',
      new TableColumn({ name: 'finished_by', type: 'varchar', length: '36', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('video_tasks', 'finished_by');
    await queryRunner.dropTable('schedule_leases');
    await queryRunner.dropTable('workers');
  }
}
