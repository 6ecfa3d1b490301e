import { escapeHtml } from '../site/html';
import type { OutboxEntry } from './local-outbox';

/** The dev outbox page: the e-mails the site would have sent, newest first, each with its text and its .eml. */
export function outboxPage(entries: OutboxEntry[], smtp: boolean): string {
  const items = entries.map(
    (entry) =>
      `<li><article><h2>${escapeHtml(entry.subject)}</h2>` +
      `<p>To ${escapeHtml(entry.to)} · <time datetime="${escapeHtml(entry.sent_at)}">${escapeHtml(entry.sent_at)}</time> · ` +
      `<a href="/api/dev/outbox/${escapeHtml(entry.id)}" download="${escapeHtml(entry.id)}.eml">Download .eml</a></p>` +
      `<pre>${escapeHtml(entry.text)}</pre></article></li>`,
  );
  const empty = smtp
    ? 'E-mail goes through SMTP_URL on this site, so nothing is kept here.'
    : 'No e-mail yet. A "ready" e-mail appears here when a video finishes while its owner is away.';
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    '<title>Outbox (development) · Veo 3 Studio</title>',
    '<style>body{font-family:sans-serif;line-height:1.5;max-width:48rem;margin:0 auto;padding:1.5rem}',
    'ol{list-style:none;padding:0}pre{white-space:pre-wrap;overflow-wrap:anywhere}</style></head><body><main>',
    '<h1>Outbox (development)</h1>',
    '<p>The e-mails this site sent while no SMTP server is configured (SMTP_URL), newest first.</p>',
    items.length ? `<ol>${items.join('')}</ol>` : `<p>${escapeHtml(empty)}</p>`,
    '</main></body></html>',
  ].join('');
}
