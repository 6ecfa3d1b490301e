import { useT } from '@veo3/platform/i18n/i18n';
import type { VideoShape } from '@veo3/contracts/generation-options';
import { GenerationDetails } from './generation-details';
import { generatorMessages } from './generator.messages';
import type { ModelOption } from './model-options';
import styles from './generator-page.module.css';

export interface GeneratorAboutProps {
  /** The page's id prefix. */
  baseId: string;
  model: ModelOption;
  shape: VideoShape;
  seconds: number;
}

/** The introduction below the tool, with what the chosen video delivers. */
export function GeneratorAbout({ baseId, model, shape, seconds }: GeneratorAboutProps) {
  const t = useT(generatorMessages);
  return (
    <section className={styles.about} aria-labelledby={`${baseId}-about`}>
      <h2 id={`${baseId}-about`} className={styles.sectionHeading}>
        {t('aboutHeading')}
      </h2>
      <p className={styles.intro}>{t('intro')}</p>
      <GenerationDetails model={model} shape={shape} seconds={seconds} />
    </section>
  );
}
