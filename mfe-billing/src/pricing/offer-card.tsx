import { useId } from 'react';
import { Button } from '@veo3/platform/ui/button';
import styles from './pricing-page.module.css';

export interface OfferCardProps {
  name: string;
  tagline?: string;
  price: string;
  priceSuffix: string;
  credits: string;
  videos: string;
  features: string[];
  /** 'Best value': highlights the card. */
  badge?: string;
  /** 'Current': the signed-in user's plan (green). */
  statusBadge?: string;
  actionLabel: string;
  /** Disables the purchase button (a subscription is already active). */
  actionDisabled?: boolean;
  onAction: () => void;
}

/** One plan or pack: name, price, credits and what they buy, with its purchase button. */
export function OfferCard({
  name,
  tagline,
  price,
  priceSuffix,
  credits,
  videos,
  features,
  badge,
  statusBadge,
  actionLabel,
  actionDisabled = false,
  onAction,
}: OfferCardProps) {
  const headingId = useId();
  return (
    <article
      className={[styles.offer, badge && styles.offerFeatured, statusBadge && styles.offerCurrent]
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={headingId}
    >
      <header className={styles.offerHeader}>
        <h3 id={headingId} className={styles.offerName}>
          {name}
        </h3>
        {(badge || statusBadge) && (
          <span className={styles.badges}>
            {statusBadge && <span className={styles.badgeCurrent}>{statusBadge}</span>}
            {badge && <span className={styles.badge}>{badge}</span>}
          </span>
        )}
      </header>
      {tagline && <p className={styles.tagline}>{tagline}</p>}
      <p className={styles.price}>
        <span className={styles.amount}>{price}</span>
        <span className={styles.priceSuffix}>{priceSuffix}</span>
      </p>
      <p className={styles.credits}>
        <strong>{credits}</strong>
        <span className={styles.videos}>{videos}</span>
      </p>
      <ul className={styles.features}>
        {features.map((feature) => (
          <li key={feature}>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              width="16"
              height="16"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
            >
              <path d="m4.5 10.5 3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {feature}
          </li>
        ))}
      </ul>
      <Button
        variant={badge ? 'primary' : 'secondary'}
        size="lg"
        className={styles.offerAction}
        aria-describedby={headingId}
        disabled={actionDisabled}
        onClick={onAction}
      >
        {actionLabel}
      </Button>
    </article>
  );
}
