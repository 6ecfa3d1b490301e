import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';

/** The part of better-sqlite3 these tests use (the package ships no types of its own). */
interface Sqlite {
  pragma(sql: string): unknown;
  prepare(sql: string): { run(...values: unknown[]): unknown };
  close(): void;
}

// oxlint-disable-next-line typescript/no-require-imports -- a CommonJS native module without types.
const Database = require('better-sqlite3') as new (path: string) => Sqlite;

/** A datetime as TypeORM writes it on SQLite. */
const sqliteTime = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '');

/**
 * A completed video of `userId` shared and listed in the gallery, written straight into the SQLite
 * file of a server of the test's own (what the share routes will do once they land), as the
 * integration suite's helper does. Returns the share id.
 */
export function seedListedShare(
  dataDir: string,
  userId: string,
  video: { prompt: string; category: string; views: number; creatorName: string },
): string {
  const db = new Database(join(dataDir, 'veo3.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const taskId = randomUUID();
    const id = randomBytes(16).toString('base64url');
    const now = sqliteTime(new Date());
    db.prepare(
      'INSERT INTO video_tasks (id, user_id, model, prompt, status, cost, provider, root_task_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(taskId, userId, 'veo3', video.prompt, 'completed', 40, 'local', taskId);
    db.prepare(
      `INSERT INTO shared_videos (id, task_id, user_id, prompt, model, duration_s, aspect_ratio, creator_name,
        show_prompt, gallery_state, category, gallery_at, views, created_at)
       VALUES (?, ?, ?, ?, 'veo3', 8, '16:9', ?, 1, 'listed', ?, ?, ?, ?)`,
    ).run(id, taskId, userId, video.prompt, video.creatorName, video.category, now, video.views, now);
    return id;
  } finally {
    db.close();
  }
}
