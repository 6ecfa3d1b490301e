import type { AdminAuditEntry } from '@veo3/contracts/admin';
import { stripControlCharacters } from '@veo3/contracts/plain-text';

const HEADER = [
  'id',
  'created_at',
  'actor_type',
  'actor_id',
  'actor_email',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'reason',
  'request_id',
] as const;

/**
 * One CSV cell (RFC 4180), always quoted: a spreadsheet that splits on `;` (or a tab) would
 * otherwise start a new cell inside one, where a formula could begin. A cell a spreadsheet would
 * read as a formula (= + - @, or a tab or carriage return before one) gets a leading `'`, so an
 * admin's reason or a user's name cannot run in whoever opens the export.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '""';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

function csvLine(cells: (string | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const AUDIT_CSV_HEADER = csvLine([...HEADER]);

/** An entry as one CSV line, before and after as JSON. */
export function auditCsvLine(entry: AdminAuditEntry): string {
  return csvLine([
    entry.id,
    entry.created_at,
    entry.actor_type,
    entry.actor_id,
    entry.actor_email,
    entry.action,
    entry.target_type,
    entry.target_id,
    entry.before === null ? null : JSON.stringify(entry.before),
    entry.after === null ? null : JSON.stringify(entry.after),
    // Rows written before reasons were cleaned on the way in.
    entry.reason === null ? null : stripControlCharacters(entry.reason),
    entry.request_id,
  ]);
}
