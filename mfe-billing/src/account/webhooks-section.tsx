import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@veo3/contracts/webhooks';
import { ApiError } from '@veo3/platform/api/api-client';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Modal } from '@veo3/platform/ui/modal';
import { Spinner } from '@veo3/platform/ui/spinner';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  fetchWebhookDeliveries,
  fetchWebhookEndpoints,
  replayWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
  type EndpointSecret,
} from '../api/webhooks-api';
import { webhookKeys } from '../api/webhooks-keys';
import { accountMessages } from './account.messages';
import pageStyles from './account-page.module.css';
import fields from './account-form.module.css';
import styles from './webhooks-section.module.css';

type T = (key: keyof (typeof accountMessages)['en'], vars?: Record<string, string | number>) => string;
/** Tells the section's live region what just happened. */
type Announce = (message: string) => void;

/** What a try came to: its HTTP status, or why there was none. */
const resultOf = (t: T, attempt: Pick<WebhookAttempt, 'status' | 'error'> | undefined) =>
  attempt?.status != null ? t('webhookHttpStatus', { status: attempt.status }) : (attempt?.error ?? '');

/** The server's refusal of a URL or of one more endpoint, in the reader's language. */
function addError(t: T, error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'WEBHOOKS_PRIVATE_ADDRESS') return t('webhookPrivateAddress');
  if (code === 'WEBHOOKS_INVALID_URL') return t('webhookInvalidUrl');
  if (code === 'WEBHOOKS_TOO_MANY') return t('webhookTooMany');
  return t('webhookAddFailed');
}

/** Why a test event or a replay was not sent: too many this minute, or anything else. */
const sendFailed = (t: T, error: unknown): string =>
  t(
    error instanceof ApiError && error.code === 'WEBHOOKS_TOO_MANY_SENDS'
      ? 'webhookTooManySends'
      : 'webhookActionFailed',
  );

function AddEndpointForm({
  userId,
  onAdded,
  onCancel,
}: {
  userId: string;
  onAdded: (created: EndpointSecret) => void;
  onCancel: () => void;
}) {
  const t = useT(accountMessages);
  const id = useId();
  const queryClient = useQueryClient();
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [noEvents, setNoEvents] = useState(false);
  const add = useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all(userId) });
      onAdded(created);
    },
  });
  const toggle = (event: WebhookEventType) =>
    setEvents((now) => (now.includes(event) ? now.filter((e) => e !== event) : [...now, event]));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setNoEvents(events.length === 0);
    if (!events.length) return;
    const form = new FormData(e.currentTarget);
    add.mutate({ url: String(form.get('url')), description: String(form.get('description')), events });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-describedby={add.isError ? `${id}-error` : undefined}>
      <label className={fields.field}>
        {t('webhookUrl')}
        <input className={fields.input} name="url" type="url" required maxLength={2000} placeholder="https://" />
        <span className={pageStyles.muted}>{t('webhookUrlHint')}</span>
      </label>
      <label className={fields.field}>
        {t('webhookDescription')}
        <input className={fields.input} name="description" maxLength={200} />
      </label>
      <fieldset className={styles.events}>
        <legend>{t('webhookEvents')}</legend>
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <label key={event} className={styles.check}>
            <input type="checkbox" checked={events.includes(event)} onChange={() => toggle(event)} />
            {t(`webhookEvent_${event}`)}
          </label>
        ))}
      </fieldset>
      {noEvents && <p role="alert">{t('webhookNoEvents')}</p>}
      {add.isError && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {addError(t, add.error)}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" busy={add.isPending}>
          {t('webhookSave')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('webhookCancel')}
        </Button>
      </div>
    </form>
  );
}

/** A new or rotated secret, shown this once, with a copy button. */
function SecretPanel({
  shown,
  rotated,
  onDone,
  announce,
}: {
  shown: EndpointSecret;
  rotated: boolean;
  onDone: () => void;
  announce: Announce;
}) {
  const t = useT(accountMessages);
  const copy = () =>
    navigator.clipboard
      .writeText(shown.secret)
      .then(() => announce(t('webhookCopied')))
      .catch(() => announce(t('webhookCopyFailed')));
  return (
    <div className={styles.secret} role="region" aria-label={t('webhookSecretTitle')}>
      <p>{rotated ? t('webhookSecretRotated') : t('webhookSecretOnce')}</p>
      <code className={styles.code}>{shown.secret}</code>
      <div className={styles.actions}>
        <Button onClick={() => void copy()}>{t('webhookCopy')}</Button>
        <Button variant="ghost" onClick={onDone}>
          {t('webhookDone')}
        </Button>
      </div>
    </div>
  );
}

function DeliveryRow({ delivery, onReplay, busy }: { delivery: WebhookDelivery; onReplay: () => void; busy: boolean }) {
  const t = useT(accountMessages);
  const lang = useLanguage();
  const when = formatDate(delivery.created_at, lang, true);
  const type = t(`webhookEvent_${delivery.type}`);
  return (
    <li className={styles.delivery}>
      <div className={styles.deliveryHead}>
        <span>{type}</span>
        <span className={styles[`status_${delivery.status}`]}>{t(`webhookDelivery_${delivery.status}`)}</span>
        <span className={pageStyles.muted}>{when}</span>
        <code className={styles.deliveryId}>{delivery.id}</code>
      </div>
      <ol className={styles.attempts}>
        {delivery.attempts.map((attempt) => (
          <li key={attempt.at}>
            {t('webhookAttempt', {
              date: formatDate(attempt.at, lang, true),
              result: resultOf(t, attempt),
              ms: attempt.duration_ms,
            })}
          </li>
        ))}
      </ol>
      {delivery.next_attempt_at && (
        <p className={pageStyles.muted}>
          {t('webhookNextAttempt', { date: formatDate(delivery.next_attempt_at, lang, true) })}
        </p>
      )}
      <Button
        size="sm"
        variant="secondary"
        busy={busy}
        onClick={onReplay}
        aria-label={t('webhookReplayLabel', { type, date: when })}
      >
        {t('webhookReplay')}
      </Button>
    </li>
  );
}

/** An endpoint's deliveries, newest first, a page at a time, each with its tries and a Replay button. */
function Deliveries({ userId, endpoint, announce }: { userId: string; endpoint: WebhookEndpoint; announce: Announce }) {
  const t = useT(accountMessages);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: webhookKeys.deliveries(userId, endpoint.id, page),
    queryFn: ({ signal }) => fetchWebhookDeliveries(endpoint.id, page, signal),
  });
  const replay = useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: (after) => {
      announce(t('webhookReplayed', { result: resultOf(t, after.attempts.at(-1)) }));
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all(userId) });
    },
    onError: (error) =>
      announce(error instanceof ApiError && error.status === 409 ? t('webhookReplayBusy') : sendFailed(t, error)),
  });
  const items = list.data?.items ?? [];
  return (
    <div className={styles.deliveries}>
      <h4 className={styles.deliveriesTitle}>{t('webhookDeliveriesHeading', { url: endpoint.url })}</h4>
      {list.isLoading && <Spinner />}
      {list.isError && (
        <ErrorPanel
          message={t('webhookDeliveriesFailed')}
          onRetry={() => void list.refetch()}
          retryLabel={t('retry')}
        />
      )}
      {list.isSuccess && !items.length && <p className={pageStyles.muted}>{t('webhookDeliveriesEmpty')}</p>}
      {items.length > 0 && (
        <ul className={styles.deliveryList}>
          {items.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              delivery={delivery}
              busy={replay.isPending && replay.variables === delivery.id}
              onReplay={() => replay.mutate(delivery.id)}
            />
          ))}
        </ul>
      )}
      {(list.data?.pages ?? 0) > 1 && (
        <div className={styles.actions}>
          <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('webhookNewer')}
          </Button>
          <Button size="sm" variant="ghost" disabled={page >= list.data!.pages} onClick={() => setPage(page + 1)}>
            {t('webhookOlder')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The endpoint changes a card offers; each refreshes the list and says what happened. */
function useEndpointActions(
  userId: string,
  endpoint: WebhookEndpoint,
  announce: Announce,
  onSecret: (s: EndpointSecret) => void,
) {
  const t = useT(accountMessages);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all(userId) });
  const failed = () => announce(t('webhookActionFailed'));
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => updateWebhookEndpoint(endpoint.id, { enabled }),
    onSuccess: (after) => (refresh(), announce(after.enabled ? t('webhookEnabledNow') : t('webhookDisabledNow'))),
    onError: failed,
  });
  const rotate = useMutation({
    mutationFn: () => rotateWebhookSecret(endpoint.id),
    onSuccess: (rotated) => (refresh(), onSecret(rotated), announce(t('webhookRotatedNow'))),
    onError: failed,
  });
  const test = useMutation({
    mutationFn: () => sendWebhookTest(endpoint.id),
    onSuccess: (delivery) => {
      refresh();
      const last = delivery.attempts.at(-1);
      announce(
        delivery.status === 'delivered'
          ? t('webhookTestDelivered')
          : t('webhookTestFailed', { reason: resultOf(t, last) }),
      );
    },
    onError: (error) => announce(sendFailed(t, error)),
  });
  const remove = useMutation({
    mutationFn: () => deleteWebhookEndpoint(endpoint.id),
    onSuccess: () => (refresh(), announce(t('webhookDeleted'))),
    onError: failed,
  });
  return { toggle, rotate, test, remove };
}

type Actions = ReturnType<typeof useEndpointActions>;

/** What the card says of the endpoint: URL, state, the site's reason for turning it off (with Enable), events. */
function EndpointFacts({ endpoint, actions }: { endpoint: WebhookEndpoint; actions: Actions }) {
  const t = useT(accountMessages);
  const lang = useLanguage();
  return (
    <>
      <div className={styles.endpointHead}>
        <span className={styles.url}>{endpoint.url}</span>
        <span className={endpoint.enabled ? styles.on : styles.off}>
          {endpoint.enabled ? t('webhookEnabled') : t('webhookDisabledState')}
        </span>
      </div>
      {endpoint.description && <p className={pageStyles.muted}>{endpoint.description}</p>}
      {endpoint.disabled_reason && (
        <div className={styles.warning}>
          <p>{t('webhookTurnedOff', { reason: endpoint.disabled_reason })}</p>
          <Button busy={actions.toggle.isPending} onClick={() => actions.toggle.mutate(true)}>
            {t('webhookEnable')}
          </Button>
        </div>
      )}
      {endpoint.enabled && endpoint.failing_since && (
        <p className={styles.error}>
          {t('webhookFailingSince', { date: formatDate(endpoint.failing_since, lang, true) })}
        </p>
      )}
      <p className={pageStyles.muted}>
        {endpoint.events.map((event) => t(`webhookEvent_${event}`)).join(' · ')}
        {endpoint.secret_prefix && ` · ${t('webhookSecretPrefix', { prefix: endpoint.secret_prefix })}`}
      </p>
    </>
  );
}

function DeleteDialog({
  endpoint,
  actions,
  open,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  actions: Actions;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT(accountMessages);
  return (
    <Modal
      open={open}
      title={t('webhookDeleteTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('webhookCancel')}
          </Button>
          <Button
            variant="danger"
            busy={actions.remove.isPending}
            onClick={() => actions.remove.mutate(undefined, { onSettled: onClose })}
          >
            {t('webhookDeleteConfirm')}
          </Button>
        </>
      }
    >
      <p>{t('webhookDeleteText', { url: endpoint.url })}</p>
    </Modal>
  );
}

function EndpointCard({
  userId,
  endpoint,
  announce,
}: {
  userId: string;
  endpoint: WebhookEndpoint;
  announce: Announce;
}) {
  const t = useT(accountMessages);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [secret, setSecret] = useState<EndpointSecret | null>(null);
  const actions = useEndpointActions(userId, endpoint, announce, setSecret);
  return (
    <li className={endpoint.disabled_reason ? `${styles.endpoint} ${styles.turnedOff}` : styles.endpoint}>
      <EndpointFacts endpoint={endpoint} actions={actions} />
      {secret && <SecretPanel shown={secret} rotated onDone={() => setSecret(null)} announce={announce} />}
      <div className={styles.actions} role="group" aria-label={t('webhookEndpointActions', { url: endpoint.url })}>
        <Button size="sm" variant="secondary" busy={actions.test.isPending} onClick={() => actions.test.mutate()}>
          {t('webhookTest')}
        </Button>
        <Button size="sm" variant="secondary" busy={actions.rotate.isPending} onClick={() => actions.rotate.mutate()}>
          {t('webhookRotate')}
        </Button>
        {!endpoint.disabled_reason && (
          <Button
            size="sm"
            variant="secondary"
            busy={actions.toggle.isPending}
            onClick={() => actions.toggle.mutate(!endpoint.enabled)}
          >
            {endpoint.enabled ? t('webhookDisable') : t('webhookEnable')}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-controls={`${id}-deliveries`}
          onClick={() => setOpen(!open)}
        >
          {open ? t('webhookHideDeliveries') : t('webhookShowDeliveries')}
        </Button>
        <Button size="sm" variant="danger" onClick={() => setConfirm(true)}>
          {t('webhookDelete')}
        </Button>
      </div>
      <div id={`${id}-deliveries`}>
        {open && <Deliveries userId={userId} endpoint={endpoint} announce={announce} />}
      </div>
      <DeleteDialog endpoint={endpoint} actions={actions} open={confirm} onClose={() => setConfirm(false)} />
    </li>
  );
}

/** The account page's webhooks: endpoints, their secrets (shown once), deliveries with replays, and test events. */
export function WebhooksSection({ user, headingId }: { user: { id: string }; headingId: string }) {
  const t = useT(accountMessages);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<EndpointSecret | null>(null);
  const [status, setStatus] = useState('');
  const list = useQuery({
    queryKey: webhookKeys.endpoints(user.id),
    queryFn: ({ signal }) => fetchWebhookEndpoints(signal),
  });
  const endpoints = list.data ?? [];
  // Endpoints the site turned off come first, so their reason is seen.
  const ordered = [...endpoints].sort(
    (a, b) => Number(Boolean(b.disabled_reason)) - Number(Boolean(a.disabled_reason)),
  );
  return (
    <>
      <h2 id={headingId} className={pageStyles.sectionTitle}>
        {t('webhooksHeading')}
      </h2>
      <p className={pageStyles.muted}>{t('webhooksIntro')}</p>
      <p role="status" className={styles.status}>
        {status}
      </p>
      {list.isLoading && <Spinner />}
      {list.isError && (
        <ErrorPanel message={t('webhooksLoadFailed')} onRetry={() => void list.refetch()} retryLabel={t('retry')} />
      )}
      {list.isSuccess && !endpoints.length && !adding && <p className={pageStyles.muted}>{t('webhooksEmpty')}</p>}
      {created && <SecretPanel shown={created} rotated={false} onDone={() => setCreated(null)} announce={setStatus} />}
      {ordered.length > 0 && (
        <ul className={styles.endpoints}>
          {ordered.map((endpoint) => (
            <EndpointCard key={endpoint.id} userId={user.id} endpoint={endpoint} announce={setStatus} />
          ))}
        </ul>
      )}
      {adding ? (
        <AddEndpointForm
          userId={user.id}
          onCancel={() => setAdding(false)}
          onAdded={(endpoint) => {
            setAdding(false);
            setCreated(endpoint);
            setStatus(t('webhookAdded'));
          }}
        />
      ) : (
        list.isSuccess && (
          <div className={styles.actions}>
            <Button onClick={() => setAdding(true)}>{t('webhookAdd')}</Button>
          </div>
        )
      )}
    </>
  );
}
