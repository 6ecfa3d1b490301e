import { useId } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { ESTIMATED_MINUTES, VIDEO_DURATION_SECONDS } from './model-options';
import { generatorMessages } from './generator.messages';
import styles from './generator-page.module.css';

/** The result area while idle: an empty 16:9 stage plus prompt tips. */
export function ResultPreview() {
  const t = useT(generatorMessages);
  const headingId = useId();
  return (
    <section className={styles.result} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {t('previewHeading')}
      </h2>
      <div className={styles.stage}>
        <span className={styles.stageIcon} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32" fill="currentColor">
            <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
          </svg>
        </span>
        <p className={styles.stageTitle}>{t('idleTitle')}</p>
        <p className={styles.stageText}>{t('idleText', { seconds: VIDEO_DURATION_SECONDS, ...ESTIMATED_MINUTES })}</p>
      </div>
      <div className={styles.tips}>
        <h3 className={styles.tipsHeading}>{t('tipsHeading')}</h3>
        <ul className={styles.tipList}>
          <li>{t('tipSubject')}</li>
          <li>{t('tipCamera')}</li>
          <li>{t('tipSound')}</li>
        </ul>
      </div>
    </section>
  );
}
