import { useT } from '@veo3/platform/i18n/i18n';
import { pricingMessages } from './pricing.messages';
import type { Banner } from './use-banner';
import styles from './pricing-page.module.css';

interface PricingBannersProps {
  banner: Banner | null;
  onDismiss: () => void;
}

/** Banners (SPEC §4): live regions that exist before their text arrives, so it is announced. */
export function PricingBanners({ banner, onDismiss }: PricingBannersProps) {
  const t = useT(pricingMessages);
  return (
    <div className={styles.banners}>
      <div role="status" data-testid="success-banner">
        {banner?.kind === 'success' && (
          <p className={`${styles.banner} ${styles.bannerSuccess}`}>
            <span>{banner.text}</span>
            <button type="button" className={styles.bannerClose} aria-label={t('dismiss')} onClick={onDismiss}>
              ×
            </button>
          </p>
        )}
      </div>
      <div role="alert" data-testid="error-banner">
        {banner?.kind === 'error' && (
          <p className={`${styles.banner} ${styles.bannerError}`}>
            <span>{banner.text}</span>
            <button type="button" className={styles.bannerClose} aria-label={t('dismiss')} onClick={onDismiss}>
              ×
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
