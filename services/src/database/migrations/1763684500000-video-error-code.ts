import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { maskSecrets } from '../../common/mask-secrets';

/** Failed tasks' rows are read and rewritten this many at a time. */
const BATCH = 500;

/**
 * A failed task keeps why (`error_code`), and its owner reads our message for it; `error_message`
 * becomes the operators' diagnosis. Older rows held the provider's words verbatim, which can quote
 * the API key: they get a code from what they say and the key masked.
 */
export class VideoErrorCode1763684500000 implements MigrationInterface {
  name = 'VideoErrorCode1763684500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'video_tasks',
      new TableColumn({ name: 'error_code', type: 'varchar', length: '40', isNullable: true }),
    );
    let after = '';
    for (;;) {
      const rows: { id: string; error_message: string | null }[] = await queryRunner.query(
        `SELECT id, error_message FROM video_tasks WHERE status = 'failed' AND id > ? ORDER BY id LIMIT ${BATCH}`,
        [after],
      );
      for (const row of rows) {
        const message = row.error_message ?? '';
        await queryRunner.query('UPDATE video_tasks SET error_code = ?, error_message = ? WHERE id = ?', [
          legacyCode(message),
          maskSecrets(message).slice(0, 500) || null,
          row.id,
        ]);
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('video_tasks', 'error_code');
  }
}

/** The code for what the worker used to store: its own sentences, or the provider's words after its prefixes. */
function legacyCode(message: string): string {
  if (/timed out/i.test(message)) return 'timeout';
  if (/model is not available/i.test(message)) return 'model_unavailable';
  if (message.startsWith('The video was refused:')) return 'safety_blocked';
  return 'generation_failed';
}
