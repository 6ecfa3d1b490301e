import type { AdminPromotion } from '@veo3/contracts/promotions';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { formatMoney, SITE_CURRENCY } from '../console/format-money';
import styles from '../console/admin-console.module.css';
import { promotionsMessages } from './promotions.messages';

const STATE_TONE: Record<AdminPromotion['state'], string> = {
  active: '',
  expired: 'badgeWarn',
  used_up: 'badgeWarn',
  disabled: 'badgeBad',
};

/** The codes with their terms and use; Disable on those not disabled yet. */
export function PromotionsTable({
  promotions,
  onDisable,
}: {
  promotions: AdminPromotion[];
  onDisable: (promotion: AdminPromotion) => void;
}) {
  const t = useT(promotionsMessages);
  const lang = useLanguage();
  const discount = (p: AdminPromotion) =>
    p.percent_off !== null
      ? t('percentOff', { percent: formatNumber(p.percent_off, lang) })
      : t('amountOff', { amount: formatMoney(p.amount_off_cents ?? 0, SITE_CURRENCY, lang) });
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stack}`}>
        <caption>{t('listTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columnCode')}</th>
            <th scope="col">{t('columnDiscount')}</th>
            <th scope="col">{t('columnExpires')}</th>
            <th scope="col" className={styles.numeric}>
              {t('columnLimit')}
            </th>
            <th scope="col" className={styles.numeric}>
              {t('columnRedeemed')}
            </th>
            <th scope="col">{t('columnState')}</th>
            <th scope="col">{t('columnActions')}</th>
          </tr>
        </thead>
        <tbody>
          {promotions.map((p) => (
            <tr key={p.id}>
              <th scope="row" className={styles.mono}>
                {p.code}
              </th>
              <td data-label={t('columnDiscount')}>{discount(p)}</td>
              <td data-label={t('columnExpires')}>
                {p.expires_at ? (
                  <time dateTime={p.expires_at}>{formatDate(p.expires_at, lang, true)}</time>
                ) : (
                  t('never')
                )}
              </td>
              <td data-label={t('columnLimit')} className={styles.numeric}>
                {p.max_redemptions === null ? t('noLimit') : formatNumber(p.max_redemptions, lang)}
              </td>
              <td data-label={t('columnRedeemed')} className={styles.numeric}>
                {formatNumber(p.redemptions, lang)}
              </td>
              <td data-label={t('columnState')}>
                <span className={`${styles.badge} ${STATE_TONE[p.state] ? styles[STATE_TONE[p.state]] : ''}`}>
                  {t(`state_${p.state}`)}
                </span>
              </td>
              <td data-label={t('columnActions')}>
                {p.state !== 'disabled' && (
                  <Button
                    variant="danger"
                    size="sm"
                    aria-label={t('disableNamed', { code: p.code })}
                    onClick={() => onDisable(p)}
                  >
                    {t('disable')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
