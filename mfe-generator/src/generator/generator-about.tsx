import { useT } from '@veo3/platform/i18n/i18n';
import type { VideoShape } from '@veo3/contracts/generation-options';
import { GenerationDetails } from './generation-details';
import { generatorMessages } from './generator.messages';
import type { OfferedModel } from '@veo3/contracts/model-catalogue';
import styles from './generator-page.module.css';

export interface GeneratorAboutProps {
  /** The page's id prefix. */
  baseId: string;
  model: OfferedModel;
  shape: VideoShape;
  seconds: number;
  /** Credits for one video of that model and length. */
  cost: number;
}

/** The introduction below the tool, with what the chosen video delivers. */
export function GeneratorAbout({ baseId, model, shape, seconds, cost }: GeneratorAboutProps) {
  const t = useT(generatorMessages);
  return (
    <section className={styles.about} aria-labelledby={`${baseId}-about`}>
      <h2 id={`${baseId}-about`} className={styles.sectionHeading}>
        {t('aboutHeading')}
      </h2>
      <p className={styles.intro}>{t('intro')}</p>
      <GenerationDetails model={model} shape={shape} seconds={seconds} cost={cost} />
    </section>
  );
}
