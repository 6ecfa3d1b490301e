import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { useT } from '@veo3/platform/i18n/i18n';
import { Link, useSearchParams } from '@veo3/platform/routing/router';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import { Spinner } from '@veo3/platform/ui/spinner';
import { fetchCheckoutSession, isNotFound, type CheckoutSession } from '../api/billing-api';
import { billingKeys } from '../api/billing-keys';
import { paymentMessages } from './payment.messages';
import styles from './payment-page.module.css';

/** While the payment is not confirmed the session is read again every 2 s, for up to 30 s. */
export const CONFIRM_POLL_MS = 2_000;
export const CONFIRM_WINDOW_MS = 30_000;

/** Paid, and its credits are in the balance. */
function isConfirmed(session: CheckoutSession): boolean {
  return session.status === 'complete' && session.payment_status !== 'unpaid' && session.credits_granted > 0;
}

/** Still open, or paid and being processed: worth asking again. */
function isWaiting(session: CheckoutSession): boolean {
  return !isConfirmed(session) && session.status !== 'expired';
}

const StartCreating = () => {
  const t = useT(paymentMessages);
  return (
    <Link to="/text-to-veo3-video?type=text" className="pf-button pf-button--primary pf-button--md">
      {t('startCreating')}
    </Link>
  );
};

const ViewPlans = ({ primary = false }: { primary?: boolean }) => {
  const t = useT(paymentMessages);
  return (
    <Link to="/pricing" className={`pf-button pf-button--${primary ? 'primary' : 'secondary'} pf-button--md`}>
      {t('viewPlans')}
    </Link>
  );
};

interface CardProps {
  icon?: 'success' | 'pending' | 'problem';
  heading: string;
  /** The live region's text: announced whenever it changes. */
  status?: ReactNode;
  statusStyle?: 'message' | 'text' | 'error';
  children?: ReactNode;
}

function Card({ icon, heading, status, statusStyle = 'text', children }: CardProps) {
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        {icon === 'success' && (
          <span className={`${styles.icon} ${styles.iconSuccess}`} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="34" height="34" fill="none" stroke="currentColor" strokeWidth="2.4">
              <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
        )}
        {icon === 'pending' && (
          <span className={`${styles.icon} ${styles.iconPending}`}>
            <Spinner size="lg" label="" />
          </span>
        )}
        {icon === 'problem' && (
          <span className={`${styles.icon} ${styles.iconCancel}`} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="30" height="30" fill="none" stroke="currentColor" strokeWidth="2.4">
              <path d="M12 7v6M12 17h.01" strokeLinecap="round" />
            </svg>
          </span>
        )}
        <h1 className={styles.title}>{heading}</h1>
        <p role="status" className={status ? styles[statusStyle] : 'pf-visually-hidden'}>
          {status}
        </p>
        {children}
      </section>
    </div>
  );
}

/**
 * Return address of the checkout: /payment/success?session_id={CHECKOUT_SESSION_ID}. Asks the
 * server for the session (which fulfils it if the payment provider's webhook has not yet), shows
 * what was granted and the new balance, and waits a little for a payment still being confirmed.
 */
export default function PaymentSuccessPage() {
  const t = useT(paymentMessages);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const [deadline, setDeadline] = useState(() => Date.now() + CONFIRM_WINDOW_MS);

  const query = useQuery({
    queryKey: billingKeys.checkoutSession(sessionId ?? ''),
    queryFn: ({ signal }) => fetchCheckoutSession(sessionId!, signal),
    enabled: Boolean(user && sessionId),
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data && isWaiting(q.state.data) && Date.now() < deadline ? CONFIRM_POLL_MS : false,
  });
  const session = query.data;
  const confirmed = session ? isConfirmed(session) : false;
  const timedOut = session ? isWaiting(session) && query.dataUpdatedAt >= deadline : false;

  usePageMeta(
    confirmed ? t('successTitle') : sessionId && user && !query.isError ? t('confirmingTitle') : t('statusTitle'),
    '/payment/success',
  );

  // The credits are in: the header's balance and the subscription status are read again.
  useEffect(() => {
    if (!confirmed) return;
    void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
    void queryClient.invalidateQueries({ queryKey: billingKeys.subscriptions() });
  }, [confirmed, queryClient]);

  if (!sessionId) {
    return (
      <Card heading={t('noSessionHeading')} status={t('noSession')}>
        <div className={styles.actions}>
          <ViewPlans primary />
        </div>
      </Card>
    );
  }

  if (!user) {
    return (
      <Card heading={t('successHeading')} status={t('signInText')}>
        <div className={styles.actions}>
          <Link to="/login" className="pf-button pf-button--primary pf-button--md">
            {t('login')}
          </Link>
        </div>
      </Card>
    );
  }

  if (query.isError) {
    const notFound = isNotFound(query.error);
    return (
      <Card
        icon="problem"
        heading={t(notFound ? 'notFoundHeading' : 'loadFailedHeading')}
        status={t(notFound ? 'notFound' : 'loadFailed')}
        statusStyle="error"
      >
        <div className={styles.actions}>
          {!notFound && (
            <Button variant="primary" busy={query.isFetching} onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          )}
          <ViewPlans primary={notFound} />
        </div>
      </Card>
    );
  }

  if (session && confirmed) {
    return (
      <Card icon="success" heading={t('successHeading')} status={t('successMessage')} statusStyle="message">
        <p className={styles.granted}>{t('granted', { credits: session.credits_granted })}</p>
        <p className={styles.text}>
          {t(session.type === 'subscription' ? 'purchasedPlan' : 'purchasedPack', { name: session.item_name })}
        </p>
        <p className={styles.balance} data-testid="new-balance">
          {t('newBalance', { balance: session.balance })}
        </p>
        <p className={styles.text}>{t('successText')}</p>
        <p className={styles.reference}>{t('reference', { id: session.id })}</p>
        <div className={styles.actions}>
          <StartCreating />
          <ViewPlans />
        </div>
      </Card>
    );
  }

  if (session?.status === 'expired') {
    return (
      <Card icon="problem" heading={t('expiredHeading')} status={t('expired')}>
        <div className={styles.actions}>
          <ViewPlans primary />
        </div>
      </Card>
    );
  }

  if (timedOut) {
    return (
      <Card icon="problem" heading={t('notConfirmedHeading')} status={t('notConfirmed')}>
        <p className={styles.reference}>{t('reference', { id: sessionId })}</p>
        <div className={styles.actions}>
          <Button
            variant="primary"
            busy={query.isFetching}
            onClick={() => {
              setDeadline(Date.now() + CONFIRM_WINDOW_MS);
              void query.refetch();
            }}
          >
            {t('checkAgain')}
          </Button>
          <ViewPlans />
        </div>
      </Card>
    );
  }

  // Loading, or the payment is still being confirmed.
  return (
    <Card icon="pending" heading={t('successHeading')} status={t('confirming')} statusStyle="message">
      <p className={styles.text}>{t('confirmingText')}</p>
    </Card>
  );
}
