import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { paymentMessages } from './payment.messages';
import styles from './payment-page.module.css';

/** Where the hosted checkout sends a buyer who backs out. */
export default function PaymentCancelPage() {
  const t = useT(paymentMessages);
  usePageMeta(t('cancelTitle'), '/payment/cancel');

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <span className={`${styles.icon} ${styles.iconCancel}`} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="30" height="30" fill="none" stroke="currentColor" strokeWidth="2.4">
            <path d="M7 7l10 10M17 7 7 17" strokeLinecap="round" />
          </svg>
        </span>
        <h1 className={styles.title}>{t('cancelTitle')}</h1>
        <p className={styles.text}>{t('cancelText')}</p>
        <div className={styles.actions}>
          <Link to="/pricing" className="pf-button pf-button--primary pf-button--md">
            {t('backToPricing')}
          </Link>
        </div>
      </section>
    </div>
  );
}
