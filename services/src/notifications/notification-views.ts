import type { OutboxEntry } from './local-outbox';
import type { NotificationSettingsEntity } from './notification-settings.entity';
import type { PushSubscriptionEntity } from './push-subscription.entity';

/** The e-mail choice in data.json; never the unsubscribe token's hash. */
export function notificationSettingsExport(row: NotificationSettingsEntity): object {
  return {
    email_ready: row.emailReady,
    language: row.language,
    first_ready_email_at: row.firstReadyEmailAt,
    first_ready_task_id: row.firstReadyTaskId,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** A browser's subscription in data.json; never its keys, which only encrypt messages to it. */
export function pushSubscriptionExport(
  row: Pick<PushSubscriptionEntity, 'id' | 'endpoint' | 'userAgent' | 'createdAt' | 'lastSuccessAt'>,
): object {
  return {
    id: row.id,
    endpoint: row.endpoint,
    browser: row.userAgent,
    created_at: row.createdAt,
    last_success_at: row.lastSuccessAt,
  };
}

/** An e-mail of the local outbox (no SMTP_URL) in data.json: what it said. */
export function outboxMessageExport(entry: OutboxEntry): object {
  return { id: entry.id, to: entry.to, subject: entry.subject, sent_at: entry.sent_at, text: entry.text };
}
