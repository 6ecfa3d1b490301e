import { Link, useSearchParams } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { paymentMessages } from './payment.messages';
import styles from './payment-page.module.css';

/** Return address of the hosted checkout: /payment/success?session_id={CHECKOUT_SESSION_ID}. */
export default function PaymentSuccessPage() {
  const t = useT(paymentMessages);
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  usePageMeta(t('successTitle'), '/payment/success');

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <span className={`${styles.icon} ${styles.iconSuccess}`} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="34" height="34" fill="none" stroke="currentColor" strokeWidth="2.4">
            <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h1 className={styles.title}>{t('successHeading')}</h1>
        <p role="status" className={styles.message}>
          {t('successMessage')}
        </p>
        <p className={styles.text}>{t('successText')}</p>
        {sessionId && <p className={styles.reference}>{t('reference', { id: sessionId })}</p>}
        <div className={styles.actions}>
          <Link to="/text-to-veo3-video?type=text" className="pf-button pf-button--primary pf-button--md">
            {t('startCreating')}
          </Link>
          <Link to="/pricing" className="pf-button pf-button--secondary pf-button--md">
            {t('viewPlans')}
          </Link>
        </div>
      </section>
    </div>
  );
}
