import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@veo3/contracts/auth';
import { findPlan } from '@veo3/contracts/catalogue';
import { ApiError } from '@veo3/platform/api/api-client';
import { useBalance } from '@veo3/platform/credits/use-balance';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { getQueryClient } from '@veo3/platform/query/query-client';
import { Link } from '@veo3/platform/routing/router';
import { sessionStore } from '@veo3/platform/session/session-store';
import { Button } from '@veo3/platform/ui/button';
import { Modal } from '@veo3/platform/ui/modal';
import { deleteAccount } from '../api/account-api';
import { fetchSubscriptionStatus } from '../api/billing-api';
import { billingKeys } from '../api/billing-keys';
import { accountMessages } from './account.messages';
import pageStyles from './account-page.module.css';
import fields from './account-form.module.css';
import styles from './delete-account-section.module.css';

// Set just before the browser signs out after a deletion, so the signed-out account page says so.
let deletedThisVisit = false;

/** Whether this visit's account was just deleted (the account page then shows AccountDeletedNotice). */
export const wasAccountDeleted = (): boolean => deletedThisVisit;

/** What a deleted account's page says instead of asking to sign in. */
export function AccountDeletedNotice() {
  const t = useT(accountMessages);
  // Shown once: a later signed-out visit to the page asks to sign in again.
  useEffect(
    () => () => {
      deletedThisVisit = false;
    },
    [],
  );
  return (
    <section className={pageStyles.page} role="status">
      <h1 className={pageStyles.title}>{t('deletedTitle')}</h1>
      <p className={pageStyles.muted}>{t('deletedText')}</p>
      <Link to="/" className="pf-button pf-button--secondary pf-button--md">
        {t('deletedHome')}
      </Link>
    </section>
  );
}

/** The account page's last section: Delete my account, behind a dialog that names what is lost. */
export function DeleteAccountSection({ user, headingId }: { user: PublicUser; headingId: string }) {
  const t = useT(accountMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <h2 id={headingId} className={pageStyles.sectionTitle}>
        {t('deleteHeading')}
      </h2>
      <p className={styles.text}>{t('deleteIntro')}</p>
      <div className={styles.actions}>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('deleteOpen')}
        </Button>
      </div>
      <DeleteAccountDialog user={user} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** What the user loses: their unspent credits (the number), a live plan, their videos and sessions. */
function Losses({ user }: { user: PublicUser }) {
  const t = useT(accountMessages);
  const lang = useLanguage();
  const { credits } = useBalance();
  const status = useQuery({
    queryKey: billingKeys.subscription(user.id),
    queryFn: ({ signal }) => fetchSubscriptionStatus(signal),
  });
  const plan = status.data?.hasActiveSubscription ? status.data.subscription : null;
  return (
    <>
      <p className={styles.text}>{t('deleteLosses')}</p>
      <ul className={styles.losses}>
        <li>{t('deleteLossCredits', { count: formatNumber(credits, lang) })}</li>
        {plan && <li>{t('deleteLossPlan', { plan: findPlan(plan.planId)?.name ?? plan.planId })}</li>}
        <li>{t('deleteLossVideos')}</li>
        <li>{t('deleteLossSessions')}</li>
      </ul>
    </>
  );
}

/** The confirmation: the user types their e-mail; the server checks it (422 leaves everything as it was). */
function DeleteAccountDialog({ user, open, onClose }: { user: PublicUser; open: boolean; onClose: () => void }) {
  const t = useT(accountMessages);
  const id = useId();
  const [email, setEmail] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // After the Modal's own effect opened the dialog (a child's effects run first): the field, not the ×.
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  const deletion = useMutation({
    mutationFn: () => deleteAccount(email),
    onSuccess: () => {
      deletedThisVisit = true;
      getQueryClient().clear();
      sessionStore.signOut();
    },
  });
  const error = deletion.error
    ? t(deletion.error instanceof ApiError && deletion.error.status === 422 ? 'deleteMismatch' : 'deleteFailed')
    : null;
  const close = () => {
    if (deletion.isPending) return;
    setEmail('');
    deletion.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) deletion.mutate();
  };

  return (
    <Modal open={open} title={t('deleteTitle')} onClose={close}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Losses user={user} />
        <label className={fields.field} htmlFor={`${id}-email`}>
          {t('deleteEmailLabel', { email: user.email })}
        </label>
        <input
          ref={input}
          id={`${id}-email`}
          className={fields.input}
          type="email"
          autoComplete="off"
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={close} disabled={deletion.isPending}>
            {t('deleteCancel')}
          </Button>
          <Button type="submit" variant="danger" busy={deletion.isPending} disabled={!email.trim()}>
            {t('deleteConfirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
