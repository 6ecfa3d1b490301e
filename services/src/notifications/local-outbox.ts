import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What the outbox page lists of a message (kept beside it, so the page never parses MIME). */
export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  sent_at: string;
  /** The plain-text part, as the reader would see it. */
  text: string;
}

const ID = /^[\w-]{1,80}$/;

/**
 * The e-mails of a site without SMTP_URL (outside production): each message as the .eml file an
 * SMTP server would have received, under `DATA_DIR/outbox/<user id>/<id>.eml`, with a small
 * `<id>.json` for the dev outbox page. Per user, so the data export and account deletion find them.
 */
export class LocalOutbox {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'outbox');
  }

  async save(
    userId: string,
    eml: Buffer,
    summary: Omit<OutboxEntry, 'id' | 'sent_at'>,
    now = new Date(),
  ): Promise<string> {
    const id = `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
    const folder = join(this.dir, userFolder(userId));
    await mkdir(folder, { recursive: true });
    const entry: OutboxEntry = { id, ...summary, sent_at: now.toISOString() };
    await writeFile(join(folder, `${id}.eml`), eml);
    await writeFile(join(folder, `${id}.json`), JSON.stringify(entry));
    return id;
  }

  /** Every message, newest first, at most `limit`. */
  async list(limit: number): Promise<OutboxEntry[]> {
    const entries: OutboxEntry[] = [];
    for (const folder of await names(this.dir)) entries.push(...(await this.entriesIn(folder)));
    return entries.sort((a, b) => b.id.localeCompare(a.id)).slice(0, limit);
  }

  /** The user's messages, oldest first (the data export pages through them). */
  async listOf(userId: string): Promise<OutboxEntry[]> {
    return (await this.entriesIn(userFolder(userId))).sort((a, b) => a.id.localeCompare(b.id));
  }

  /** The .eml of a message by its id; null when there is none. */
  async read(id: string): Promise<Buffer | null> {
    if (!ID.test(id)) return null;
    for (const folder of await names(this.dir)) {
      const eml = await readFile(join(this.dir, folder, `${id}.eml`)).catch(() => null);
      if (eml) return eml;
    }
    return null;
  }

  async deleteOf(userId: string): Promise<void> {
    await rm(join(this.dir, userFolder(userId)), { recursive: true, force: true });
  }

  private async entriesIn(folder: string): Promise<OutboxEntry[]> {
    const path = join(this.dir, folder);
    const files = (await names(path)).filter((name) => name.endsWith('.json'));
    const entries = await Promise.all(
      files.map((name) =>
        readFile(join(path, name), 'utf8')
          .then((json) => JSON.parse(json) as OutboxEntry)
          .catch(() => null),
      ),
    );
    return entries.filter((entry): entry is OutboxEntry => entry !== null);
  }
}

/** User ids are UUIDs; anything else is refused rather than turned into a path. */
function userFolder(userId: string): string {
  if (!ID.test(userId)) throw new Error('not a user id');
  return userId;
}

async function names(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}
