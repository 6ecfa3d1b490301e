import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { useBalance } from '@veo3/platform/credits/use-balance';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link, useSearchParams } from '@veo3/platform/routing/router';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useLoginPath } from '@veo3/platform/session/login-return';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import type { PublicCheckoutSession as CheckoutSession } from '@veo3/contracts/billing';
import { isNotFound } from '../api/billing-api';
import { productName } from '../pricing/plans';
import { Card, StartCreating, ViewPlans } from './payment-card';
import { paymentMessages } from './payment.messages';
import { useCheckoutConfirmation } from './use-checkout-confirmation';
import styles from './payment-page.module.css';

export { CONFIRM_POLL_MS, CONFIRM_WINDOW_MS } from './use-checkout-confirmation';

/**
 * The balance to show: the shared balance (which the header also reads, and task events keep
 * current) once it has been updated since the payment was confirmed; until then the session's, so
 * a balance cached before the payment never shows as the new one. Updates are counted from this
 * page's first render as confirmed (confirmation then invalidates the balance, cancelling any read
 * begun before it), not timed: one cached in the same millisecond is not newer.
 */
function useNewBalance(session: CheckoutSession): number {
  const { user } = useSession();
  const { credits } = useBalance();
  const queryClient = useQueryClient();
  const key = creditsKeys.balance(user?.id ?? 'signed-out');
  const [baseline] = useState(() => queryClient.getQueryState(key)?.dataUpdateCount ?? 0);
  const state = queryClient.getQueryState(key);
  return state?.status === 'success' && state.dataUpdateCount > baseline ? credits : session.balance;
}

/**
 * The payment is confirmed: what was granted, the new balance, and where to go next. The page shows
 * the balance itself: on a phone the header has no room for it.
 */
function PaymentConfirmed({ session }: { session: CheckoutSession }) {
  const t = useT(paymentMessages);
  const lang = useLanguage();
  const balance = useNewBalance(session);
  const name = productName(session.item_id, lang) ?? session.item_name;
  return (
    <Card icon="success" heading={t('successHeading')} status={t('successMessage')} statusStyle="message">
      <p className={styles.granted}>
        {t('granted', { credits: formatNumber(session.credits_granted, lang, { signed: true }) })}
      </p>
      <p className={styles.text}>{t(session.type === 'subscription' ? 'purchasedPlan' : 'purchasedPack', { name })}</p>
      <p className={styles.balance} data-testid="new-balance">
        {t('newBalance', { balance: formatNumber(balance, lang) })}
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

/**
 * Return address of the checkout: /payment/success?session_id={CHECKOUT_SESSION_ID}. Asks the
 * server for the session (which fulfils it if the payment provider's webhook has not yet), shows
 * what was granted and the new balance, and waits a little for a payment still being confirmed.
 */
export default function PaymentSuccessPage() {
  const t = useT(paymentMessages);
  const { user } = useSession();
  const loginPath = useLoginPath();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const { query, session, confirmed, timedOut, checkAgain } = useCheckoutConfirmation(sessionId, Boolean(user));

  usePageMeta(
    confirmed ? t('successTitle') : sessionId && user && !query.isError ? t('confirmingTitle') : t('statusTitle'),
    '/payment/success',
  );

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
          <Link to={loginPath} className="pf-button pf-button--primary pf-button--md">
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

  if (session && confirmed) return <PaymentConfirmed session={session} />;

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
          <Button variant="primary" busy={query.isFetching} onClick={checkAgain}>
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
