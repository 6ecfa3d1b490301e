import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@veo3/contracts/api-keys';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import { Button } from '@veo3/platform/ui/button';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Spinner } from '@veo3/platform/ui/spinner';
import { fetchApiKeys, type CreatedApiKey } from '../api/api-keys-api';
import { billingKeys } from '../api/billing-keys';
import { accountMessages } from './account.messages';
import { ApiKeyCreateForm } from './api-key-create-form';
import { ApiKeyRevokeDialog } from './api-key-revoke-dialog';
import { ApiKeySecret } from './api-key-secret';
import pageStyles from './account-page.module.css';
import styles from './api-keys-section.module.css';

/** What the area under the list shows: the Create button, the form, or a new key's secret. */
type Step = 'idle' | 'form' | CreatedApiKey;

/** "120 / 500 credits this month", or the spend and "No cap". */
function Spending({ apiKey }: { apiKey: ApiKey }) {
  const t = useT(accountMessages);
  const lang = useLanguage();
  const spent = formatNumber(apiKey.spent_this_month, lang);
  return apiKey.monthly_cap === null
    ? t('apiKeySpentUncapped', { spent })
    : t('apiKeySpentCapped', { spent, cap: formatNumber(apiKey.monthly_cap, lang) });
}

/** One key: name and prefix, scopes, this month's spend, dates; Revoke while it is live. */
function ApiKeyItem({ apiKey, headingId, onRevoke }: { apiKey: ApiKey; headingId: string; onRevoke: () => void }) {
  const t = useT(accountMessages);
  const lang = useLanguage();
  const revoked = apiKey.revoked_at !== null;
  return (
    <li className={`${styles.key} ${revoked ? styles.revoked : ''}`}>
      <div className={styles.keyHead}>
        <h3 id={headingId} tabIndex={-1} className={styles.keyName}>
          {apiKey.name}
        </h3>
        <code className={styles.code}>{apiKey.prefix}…</code>
        {revoked ? (
          <span className={styles.revokedNote}>
            {t('apiKeyRevokedOn', { date: formatDate(apiKey.revoked_at, lang) })}
          </span>
        ) : (
          <Button
            id={`${headingId}-revoke`}
            variant="secondary"
            size="sm"
            aria-label={t('apiKeyRevokeNamed', { name: apiKey.name })}
            onClick={onRevoke}
          >
            {t('apiKeyRevoke')}
          </Button>
        )}
      </div>
      <dl className={styles.facts}>
        <dt>{t('apiKeyScopes')}</dt>
        <dd className={styles.scopeList}>
          {apiKey.scopes.map((scope) => (
            <code key={scope} className={styles.code}>
              {scope}
            </code>
          ))}
        </dd>
        <dt>{t('apiKeySpending')}</dt>
        <dd>
          <Spending apiKey={apiKey} />
        </dd>
        <dt>{t('apiKeyCreated')}</dt>
        <dd>{formatDate(apiKey.created_at, lang)}</dd>
        <dt>{t('apiKeyLastUsed')}</dt>
        <dd>{apiKey.last_used_at ? formatDate(apiKey.last_used_at, lang, true) : t('apiKeyNeverUsed')}</dd>
      </dl>
    </li>
  );
}

/** The list's states: loading, a failure with Retry, none yet (pointing to the docs), or the keys. */
function ApiKeyList({
  userId,
  headingIdOf,
  onRevoke,
}: {
  userId: string;
  headingIdOf: (key: ApiKey) => string;
  onRevoke: (key: ApiKey) => void;
}) {
  const t = useT(accountMessages);
  const keys = useQuery({ queryKey: billingKeys.apiKeys(userId), queryFn: ({ signal }) => fetchApiKeys(signal) });
  if (keys.isPending) return <Spinner />;
  if (keys.isError)
    return <ErrorPanel message={t('apiKeysLoadFailed')} onRetry={() => void keys.refetch()} retryLabel={t('retry')} />;
  if (keys.data.length === 0)
    return (
      <p className={pageStyles.empty}>
        {t('apiKeysEmpty')}{' '}
        <Link className={styles.link} to="/developers">
          {t('apiKeysDocs')}
        </Link>
      </p>
    );
  return (
    <ul className={styles.list} aria-label={t('apiKeysList')}>
      {keys.data.map((key) => (
        <ApiKeyItem key={key.id} apiKey={key} headingId={headingIdOf(key)} onRevoke={() => onRevoke(key)} />
      ))}
    </ul>
  );
}

/** Create API key: the button, then the form, then the new key's secret; focus returns to the button. */
function ApiKeyCreateArea({ userId }: { userId: string }) {
  const t = useT(accountMessages);
  const id = useId();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>('idle');
  const returning = useRef(false);
  useEffect(() => {
    if (step !== 'idle' || !returning.current) return;
    returning.current = false;
    document.getElementById(`${id}-create`)?.focus();
  }, [step, id]);
  const back = () => {
    returning.current = true;
    setStep('idle');
  };
  const created = (key: CreatedApiKey) => {
    setStep(key);
    void client.invalidateQueries({ queryKey: billingKeys.apiKeys(userId) });
  };

  if (step === 'form') return <ApiKeyCreateForm onCreated={created} onCancel={back} />;
  if (typeof step === 'object') return <ApiKeySecret created={step} onDone={back} />;
  return (
    <div className={styles.buttons}>
      <Button id={`${id}-create`} onClick={() => setStep('form')}>
        {t('apiKeyCreateOpen')}
      </Button>
    </div>
  );
}

/**
 * "API keys": the user's keys for the developer API (`/v1`, `/mcp`), Create (the secret shown once)
 * and Revoke, confirmed in a dialog; focus returns to Revoke, or to the key once it is revoked.
 */
export function ApiKeysSection({ user, headingId }: { user: { id: string }; headingId: string }) {
  const t = useT(accountMessages);
  const id = useId();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // What to focus once the dialog is closed (by id: the Revoke button is gone once the key is revoked).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (revoking || !focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [revoking]);
  const headingIdOf = (key: ApiKey) => `${id}-key-${key.id}`;

  return (
    <>
      <h2 id={headingId} className={pageStyles.sectionTitle}>
        {t('apiKeysHeading')}
      </h2>
      <p className={pageStyles.muted}>
        {t('apiKeysIntro')}{' '}
        <Link className={styles.link} to="/developers">
          {t('apiKeysDocs')}
        </Link>
      </p>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <ApiKeyList
        userId={user.id}
        headingIdOf={headingIdOf}
        onRevoke={(key) => {
          focusNext.current = `${headingIdOf(key)}-revoke`;
          setRevoking(key);
        }}
      />
      <ApiKeyCreateArea userId={user.id} />
      <ApiKeyRevokeDialog
        key={revoking?.id ?? 'none'}
        userId={user.id}
        apiKey={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={(key) => {
          focusNext.current = headingIdOf(key);
          setNotice(t('apiKeyRevoked', { name: key.name }));
          setRevoking(null);
        }}
      />
    </>
  );
}
