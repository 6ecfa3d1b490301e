import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  API_KEY_CAP_MAX,
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  MAX_API_KEYS,
  type ApiKeyScope,
  type CreateApiKeyRequest,
} from '@veo3/contracts/api-keys';
import { ApiError } from '@veo3/platform/api/api-client';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { createApiKey, type CreatedApiKey } from '../api/api-keys-api';
import { accountMessages } from './account.messages';
import fields from './account-form.module.css';
import styles from './api-keys-section.module.css';

type AccountKey = keyof (typeof accountMessages)['en'];
type Field = 'name' | 'scopes' | 'cap';
interface Draft {
  name: string;
  scopes: ApiKeyScope[];
  cap: string;
}

/** What the form would send, or the message of each field that is wrong (the server's own rules). */
function check(draft: Draft): { body: CreateApiKeyRequest } | { errors: Partial<Record<Field, AccountKey>> } {
  const errors: Partial<Record<Field, AccountKey>> = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'apiKeyNameMissing';
  else if (name.length > API_KEY_NAME_MAX) errors.name = 'apiKeyNameTooLong';
  if (draft.scopes.length === 0) errors.scopes = 'apiKeyScopesMissing';
  const cap = draft.cap.trim();
  const capValue = Number(cap);
  if (cap && (!/^\d+$/.test(cap) || capValue < 1 || capValue > API_KEY_CAP_MAX)) errors.cap = 'apiKeyCapInvalid';
  if (Object.keys(errors).length > 0) return { errors };
  const scopes = API_KEY_SCOPES.filter((scope) => draft.scopes.includes(scope));
  return { body: { name, scopes, monthly_cap: cap ? capValue : null } };
}

function failureText(error: unknown): AccountKey {
  return error instanceof ApiError && error.code === 'API_KEYS_TOO_MANY' ? 'apiKeyTooMany' : 'apiKeyCreateFailed';
}

/** Name, scopes (all by default) and an optional monthly cap; checked here first, then by the server. */
export function ApiKeyCreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const t = useT(accountMessages);
  const lang = useLanguage();
  const id = useId();
  const [draft, setDraft] = useState<Draft>({ name: '', scopes: [...API_KEY_SCOPES], cap: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, AccountKey>>>({});
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => nameInput.current?.focus(), []);
  const create = useMutation({ mutationFn: createApiKey, onSuccess: onCreated });
  const nameMax = { max: formatNumber(API_KEY_NAME_MAX, lang) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = check(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      const first = (['name', 'scopes', 'cap'] as const).find((field) => result.errors[field]);
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    create.mutate(result.body);
  };
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setDraft({ ...draft, scopes: on ? [...draft.scopes, scope] : draft.scopes.filter((s) => s !== scope) });
  const describe = (field: Field, hint: boolean) =>
    [hint && `${id}-${field}-hint`, errors[field] && `${id}-${field}-error`].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field, vars?: Record<string, string>) => {
    const key = errors[field];
    return (
      key && (
        <p id={`${id}-${field}-error`} className={styles.error}>
          {t(key, vars)}
        </p>
      )
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.formTitle}>
        {t('apiKeyCreateTitle')}
      </h3>
      <div className={fields.field}>
        <label htmlFor={`${id}-name`}>{t('apiKeyName')}</label>
        <input
          ref={nameInput}
          id={`${id}-name`}
          className={`${fields.input} ${styles.nameInput}`}
          autoComplete="off"
          required
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describe('name', true)}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
        <p id={`${id}-name-hint`} className={styles.hint}>
          {t('apiKeyNameHint', nameMax)}
        </p>
        {fieldError('name', nameMax)}
      </div>
      <fieldset className={styles.scopes} aria-describedby={describe('scopes', false)}>
        <legend>{t('apiKeyScopesLegend')}</legend>
        {API_KEY_SCOPES.map((scope, index) => (
          <label key={scope} className={styles.scope}>
            <input
              id={index === 0 ? `${id}-scopes` : undefined}
              type="checkbox"
              checked={draft.scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
            />
            <span>
              {t(`apiKeyScope_${scope}`)} <code className={styles.code}>{scope}</code>
            </span>
          </label>
        ))}
        {fieldError('scopes')}
      </fieldset>
      <div className={fields.field}>
        <label htmlFor={`${id}-cap`}>{t('apiKeyCap')}</label>
        <input
          id={`${id}-cap`}
          className={`${fields.input} ${styles.capInput}`}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={errors.cap ? true : undefined}
          aria-describedby={describe('cap', true)}
          value={draft.cap}
          onChange={(e) => setDraft({ ...draft, cap: e.target.value })}
        />
        <p id={`${id}-cap-hint`} className={styles.hint}>
          {t('apiKeyCapHint')}
        </p>
        {fieldError('cap', { max: formatNumber(API_KEY_CAP_MAX, lang) })}
      </div>
      {create.isError && <p role="alert">{t(failureText(create.error), { max: formatNumber(MAX_API_KEYS, lang) })}</p>}
      <div className={styles.buttons}>
        <Button type="submit" busy={create.isPending}>
          {t('apiKeyCreate')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          {t('apiKeyCancel')}
        </Button>
      </div>
    </form>
  );
}
