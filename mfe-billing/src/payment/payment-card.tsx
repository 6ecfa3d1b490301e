import type { ReactNode } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import { Spinner } from '@veo3/platform/ui/spinner';
import { paymentMessages } from './payment.messages';
import styles from './payment-page.module.css';

export const StartCreating = () => {
  const t = useT(paymentMessages);
  return (
    <Link to="/text-to-veo3-video?type=text" className="pf-button pf-button--primary pf-button--md">
      {t('startCreating')}
    </Link>
  );
};

export const ViewPlans = ({ primary = false }: { primary?: boolean }) => {
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

/** The payment pages' card: an optional icon, a heading, a live status line, then its content. */
export function Card({ icon, heading, status, statusStyle = 'text', children }: CardProps) {
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
