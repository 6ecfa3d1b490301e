import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import type { CreatedApiKey } from '../api/api-keys-api';
import { accountMessages } from './account.messages';
import styles from './api-keys-section.module.css';
import { copyText } from './copy-text';

/** The new key's secret, shown this once (only its hash is stored): Copy, then Done. Takes focus when shown. */
export function ApiKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const t = useT(accountMessages);
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  const secret = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<'copied' | 'manual' | null>(null);
  useEffect(() => panel.current?.focus(), []);

  const copy = async () => setCopied(await copyText(created.secret, secret.current));

  return (
    <section
      ref={panel}
      tabIndex={-1}
      className={styles.secretPanel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-warning`}
    >
      <h3 id={`${id}-title`} className={styles.formTitle}>
        {t('apiKeySecretTitle', { name: created.key.name })}
      </h3>
      <p id={`${id}-warning`} className={styles.warning}>
        {t('apiKeySecretWarning')}
      </p>
      <p id={`${id}-label`} className={styles.hint}>
        {t('apiKeySecretLabel')}
      </p>
      <code ref={secret} className={styles.secret} aria-labelledby={`${id}-label`}>
        {created.secret}
      </code>
      <div className={styles.buttons}>
        <Button onClick={() => void copy()}>{t('apiKeyCopy')}</Button>
        <Button variant="secondary" onClick={onDone}>
          {t('apiKeyDone')}
        </Button>
      </div>
      <p role="status" className={styles.hint}>
        {copied && t(copied === 'copied' ? 'apiKeyCopied' : 'apiKeyCopyManually')}
      </p>
    </section>
  );
}
