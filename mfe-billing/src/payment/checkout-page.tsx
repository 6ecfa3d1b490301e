import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link, useNavigate, useSearchParams } from '@veo3/platform/routing/router';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useLoginPath } from '@veo3/platform/session/login-return';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import { Spinner } from '@veo3/platform/ui/spinner';
import { completeSimulatedCheckout, fetchCheckoutSession, isNotFound, serverMessage } from '../api/billing-api';
import type { PublicCheckoutSession as CheckoutSession } from '@veo3/contracts/billing';
import { billingKeys } from '../api/billing-keys';
import { formatMoney } from '../pricing/format-price';
import { productName } from '../pricing/plans';
import { checkoutMessages } from './checkout.messages';
import { PromotionCodeField } from './promotion-code-field';
import { promotionCodeMessages } from './promotion-code.messages';
import { promotionErrorReason } from './promotion-errors';
import { appPath, redirectTo } from './redirect';
import styles from './payment-page.module.css';

/** A link to `url`: through the router when it is this site, a plain link otherwise. */
function AddressLink({ url, className, children }: { url: string; className: string; children: ReactNode }) {
  const path = appPath(url);
  return path ? (
    <Link to={path} className={className}>
      {children}
    </Link>
  ) : (
    <a href={url} className={className}>
      {children}
    </a>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <section className={`${styles.card} ${styles.checkout}`}>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </section>
    </div>
  );
}

function BackToPricing() {
  const t = useT(checkoutMessages);
  return (
    <div className={styles.actions}>
      <Link to="/pricing" className="pf-button pf-button--primary pf-button--md">
        {t('backToPricing')}
      </Link>
    </div>
  );
}

/** A promotion code's discount and the total it leaves, in the order summary. */
function DiscountRows({ session, due }: { session: CheckoutSession; due: string }) {
  const t = useT(promotionCodeMessages);
  if (!session.promotion_code) return null;
  return (
    <>
      <div className={styles.orderRow}>
        <dt>{t('discount')}</dt>
        <dd className={styles.discount}>−{formatMoney(session.discount ?? 0, session.currency)}</dd>
      </div>
      <div className={styles.orderRow}>
        <dt>{t('total')}</dt>
        <dd>{due}</dd>
      </div>
    </>
  );
}

/** Why Pay failed: a promotion code that ran out, expired or was disabled meanwhile, in the reader's language. */
function usePayError(error: unknown): string {
  const t = useT(checkoutMessages);
  const tp = useT(promotionCodeMessages);
  const reason = promotionErrorReason(error);
  if (reason) return tp('atPay', { reason: tp(reason) });
  return serverMessage(error) ?? t('payFailed');
}

/** The order and its Pay / Cancel buttons, for an open session of the built-in test checkout. */
function TestCheckout({ session }: { session: CheckoutSession }) {
  const t = useT(checkoutMessages);
  const lang = useLanguage();
  const navigate = useNavigate();
  const pay = useMutation({
    mutationFn: () => completeSimulatedCheckout(session.id),
    onSuccess: ({ redirect_url }) => redirectTo(redirect_url),
  });
  // After a payment the browser is on its way to the success page; nothing here can be pressed again.
  const busy = pay.isPending || pay.isSuccess;
  const price = formatMoney(session.amount, session.currency);
  const due = formatMoney(session.amount_due ?? session.amount, session.currency);
  const payError = usePayError(pay.error);
  const plan = session.type === 'subscription';
  const yearly = session.billing_cycle === 'yearly';

  const cancel = () => {
    const path = appPath(session.cancel_url);
    if (path) navigate(path);
    else redirectTo(session.cancel_url);
  };

  return (
    <>
      <p className={styles.testMode}>
        <span className={styles.testModeBadge}>{t('testMode')}</span>
        <span>{t('testModeText')}</span>
      </p>
      <p className={styles.text}>{t('testModeExplain')}</p>

      <h2 className="pf-visually-hidden">{t('summary')}</h2>
      <dl className={styles.order}>
        <div className={styles.orderRow}>
          <dt>{t('item')}</dt>
          <dd>
            {/* The name the pricing page gave it, in the reader's language. */}
            <span className={styles.orderItem}>{productName(session.item_id, lang) ?? session.item_name}</span>
            <span className={styles.orderKind}>{t(plan ? 'kindPlan' : 'kindPack')}</span>
          </dd>
        </div>
        <div className={styles.orderRow}>
          <dt>{t('price')}</dt>
          <dd>{t(plan ? (yearly ? 'perYear' : 'perMonth') : 'oneTime', { price })}</dd>
        </div>
        <DiscountRows session={session} due={due} />
        <div className={styles.orderRow}>
          <dt>{t('credits')}</dt>
          <dd>
            {t(plan ? (yearly ? 'creditsYearly' : 'creditsMonthly') : 'creditsOnce', {
              credits: formatNumber(session.credits, lang),
            })}
          </dd>
        </div>
      </dl>

      <PromotionCodeField session={session} disabled={busy} onChanged={() => pay.reset()} />

      <div role="alert" className={styles.alertSlot}>
        {pay.isError && <p className={styles.error}>{payError}</p>}
      </div>
      <p role="status" className={busy ? styles.text : 'pf-visually-hidden'}>
        {busy ? t('paying') : ''}
      </p>

      <div className={styles.actions}>
        <Button variant="primary" size="lg" busy={busy} onClick={() => pay.mutate()}>
          {t('pay', { price: due })}
        </Button>
        <Button variant="secondary" size="lg" disabled={busy} onClick={cancel}>
          {t('cancel')}
        </Button>
      </div>
    </>
  );
}

/** The session could not be read: gone for good (not found), or worth another try. */
function LoadFailed({ error, retrying, retry }: { error: unknown; retrying: boolean; retry: () => void }) {
  const t = useT(checkoutMessages);
  const notFound = isNotFound(error);
  return (
    <>
      <p role="alert" className={styles.error}>
        {notFound ? t('notFound') : t('loadFailed')}
      </p>
      {notFound ? (
        <BackToPricing />
      ) : (
        <div className={styles.actions}>
          <Button variant="primary" busy={retrying} onClick={retry}>
            {t('retry')}
          </Button>
          <Link to="/pricing" className="pf-button pf-button--secondary pf-button--md">
            {t('backToPricing')}
          </Link>
        </div>
      )}
    </>
  );
}

/** A session paid before (another tab, a second visit): where its purchase is shown. */
function AlreadyPaid({ session }: { session: CheckoutSession }) {
  const t = useT(checkoutMessages);
  return (
    <>
      <p role="status" className={styles.message}>
        {t('alreadyPaid')}
      </p>
      <div className={styles.actions}>
        <AddressLink
          url={session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id)}
          className="pf-button pf-button--primary pf-button--md"
        >
          {t('viewPurchase')}
        </AddressLink>
      </div>
    </>
  );
}

/**
 * /payment/checkout?session_id=…: the built-in test checkout that stands in for Stripe's hosted
 * page when no Stripe key is configured. Paying grants the credits exactly as a real payment does.
 */
export default function CheckoutPage() {
  const t = useT(checkoutMessages);
  const { user } = useSession();
  const loginPath = useLoginPath();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  usePageMeta(t('title'), '/payment/checkout');

  const query = useQuery({
    queryKey: billingKeys.checkoutSession(sessionId ?? ''),
    queryFn: ({ signal }) => fetchCheckoutSession(sessionId!, signal),
    enabled: Boolean(user && sessionId),
    // What the checkout shows must be what the server holds now, not a cached copy.
    staleTime: 0,
  });

  if (!sessionId) {
    return (
      <Card title={t('title')}>
        <p className={styles.text}>{t('missingSession')}</p>
        <BackToPricing />
      </Card>
    );
  }

  if (!user) {
    return (
      <Card title={t('title')}>
        <p className={styles.text}>{t('signInRequired')}</p>
        <div className={styles.actions}>
          <Link to={loginPath} className="pf-button pf-button--primary pf-button--md">
            {t('login')}
          </Link>
        </div>
      </Card>
    );
  }

  if (query.isPending) {
    return (
      <Card title={t('title')}>
        <Spinner label={t('loading')} />
      </Card>
    );
  }

  if (query.isError) {
    return (
      <Card title={t('title')}>
        <LoadFailed error={query.error} retrying={query.isFetching} retry={() => void query.refetch()} />
      </Card>
    );
  }

  const session = query.data;
  if (session.status === 'complete') {
    return (
      <Card title={t('title')}>
        <AlreadyPaid session={session} />
      </Card>
    );
  }

  if (session.status === 'expired' || !session.simulated) {
    return (
      <Card title={t('title')}>
        <p className={styles.text}>{session.status === 'expired' ? t('expired') : t('notSimulated')}</p>
        <BackToPricing />
      </Card>
    );
  }

  return (
    <Card title={t('title')}>
      <TestCheckout session={session} />
    </Card>
  );
}
