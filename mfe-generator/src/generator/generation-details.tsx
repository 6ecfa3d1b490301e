import { useT } from '@veo3/platform/i18n/i18n';
import { formatShape, type VideoShape } from '@veo3/contracts/generation-options';
import { ESTIMATED_MINUTES, OFFICIAL_PRICE_USD, OUR_PRICE_USD, type ModelOption } from './model-options';
import { generatorMessages } from './generator.messages';
import styles from './generator-page.module.css';

const usd = (amount: number) => `$${amount.toFixed(2)}`;
const SAVING_PERCENT = Math.round((1 - OUR_PRICE_USD / OFFICIAL_PRICE_USD) * 100);

export interface GenerationDetailsProps {
  model: ModelOption;
  shape: VideoShape;
  /** The video's length. */
  seconds: number;
}

/** What one video delivers and the price note (SPEC §2 generator, §9), below the tool; its cost sits by Generate. */
export function GenerationDetails({ model, shape, seconds }: GenerationDetailsProps) {
  const t = useT(generatorMessages);
  const rows = [
    { label: t('modelLabel'), value: model.name },
    { label: t('formatLabel'), value: formatShape(shape) },
    { label: t('durationLabel'), value: t('durationValue', { seconds }) },
    { label: t('etaLabel'), value: t('etaValue', ESTIMATED_MINUTES) },
  ];
  return (
    <section className={styles.details} aria-label={t('detailsHeading')}>
      <dl className={styles.detailList}>
        {rows.map((row) => (
          <div key={row.label} className={styles.detailItem}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.priceNote}>
        <s className={styles.priceOfficial}>{t('priceOfficial', { price: usd(OFFICIAL_PRICE_USD) })}</s>
        <strong className={styles.priceOurs}>{t('priceOurs', { price: usd(OUR_PRICE_USD) })}</strong>
        <span className={styles.saveBadge}>{t('priceSave', { percent: SAVING_PERCENT })}</span>
      </p>
    </section>
  );
}
