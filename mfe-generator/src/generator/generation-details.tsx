import { useT } from '@veo3/platform/i18n/i18n';
import { formatShape, type VideoShape } from '@veo3/contracts/generation-options';
import type { OfferedModel } from '@veo3/contracts/model-catalogue';
import { priceNote } from './model-options';
import { useWaitText } from './use-wait-text';
import { generatorMessages } from './generator.messages';
import styles from './generator-page.module.css';

const usd = (amount: number) => `$${amount.toFixed(2)}`;

export interface GenerationDetailsProps {
  model: OfferedModel;
  shape: VideoShape;
  /** The video's length. */
  seconds: number;
  /** Credits for one such video. */
  cost: number;
}

/** What one video delivers and the price note (SPEC §2 generator, §9), below the tool; its cost sits by Generate. */
export function GenerationDetails({ model, shape, seconds, cost }: GenerationDetailsProps) {
  const t = useT(generatorMessages);
  const price = priceNote(model, seconds, cost);
  const waitText = useWaitText();
  const rows = [
    { label: t('modelLabel'), value: model.name },
    { label: t('formatLabel'), value: formatShape(shape) },
    { label: t('durationLabel'), value: t(model.outputs.audio ? 'durationValue' : 'durationSilent', { seconds }) },
    { label: t('etaLabel'), value: waitText(model.wait) },
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
      {price.official === null ? (
        <p className={styles.priceNote}>
          <strong className={styles.priceOurs}>{t('priceOnly', { price: usd(price.ours) })}</strong>
        </p>
      ) : (
        <p className={styles.priceNote}>
          <s className={styles.priceOfficial}>{t('priceOfficial', { price: usd(price.official) })}</s>
          <strong className={styles.priceOurs}>{t('priceOurs', { price: usd(price.ours) })}</strong>
          <span className={styles.saveBadge}>{t('priceSave', { percent: price.savePercent })}</span>
        </p>
      )}
    </section>
  );
}
