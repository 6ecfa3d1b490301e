import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { Modal } from '@veo3/platform/ui/modal';
import { adminMessages } from '../admin.messages';
import styles from './admin-console.module.css';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** A reason is required (3 characters or more) or may be left empty. */
  reasonRequired: boolean;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** The confirmation of a change that is written to the audit log, with its reason. */
export function ReasonDialog({
  open,
  title,
  children,
  confirmLabel,
  reasonRequired,
  busy,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const t = useT(adminMessages);
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if ((reasonRequired || text) && text.length < 3) {
      setError(t('reasonTooShort'));
      return;
    }
    setError(null);
    onConfirm(text);
  };
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  return (
    <Modal open={open} title={title} onClose={close}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div>{children}</div>
        <label className={styles.field} htmlFor={`${id}-reason`}>
          {reasonRequired ? t('reason') : t('optionalReason')}
        </label>
        <textarea
          id={`${id}-reason`}
          className={styles.input}
          rows={3}
          maxLength={500}
          required={reasonRequired}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [reasonRequired && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
          }
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {reasonRequired && (
          <p id={`${id}-hint`} className={styles.hint}>
            {t('reasonHint')}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className={styles.error}>
            {error}
          </p>
        )}
        <div className={styles.rowActions}>
          <Button type="submit" variant="danger" busy={busy}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={close}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
