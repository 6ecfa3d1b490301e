import { useT } from '@veo3/platform/i18n/i18n';
import { generatorMessages } from './generator.messages';
import { ESTIMATED_MINUTES } from './model-options';
import { useWaitText } from './use-wait-text';
import type { ModelWait } from './wait-estimate';
import styles from './generator-page.module.css';

/** The feed before the user's first video: what Generate will make, and tips for a better prompt. */
export function EmptyFeed({ seconds, wait }: { seconds: number; wait: ModelWait | null }) {
  return (
    <>
      <IdleStage seconds={seconds} wait={wait} />
      <Tips />
    </>
  );
}

function IdleStage({ seconds, wait }: { seconds: number; wait: ModelWait | null }) {
  const t = useT(generatorMessages);
  const waitText = useWaitText();
  return (
    <div className={styles.stage}>
      <span className={styles.stageIcon} aria-hidden="true">
        <svg className={styles.icon} viewBox="0 0 24 24" width="32" height="32" fill="currentColor">
          <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
        </svg>
      </span>
      <p className={styles.stageTitle}>{t('idleTitle')}</p>
      <p className={styles.stageText}>
        {wait ? t('idleWait', { seconds, wait: waitText(wait) }) : t('idleText', { seconds, ...ESTIMATED_MINUTES })}
      </p>
    </div>
  );
}

function Tips() {
  const t = useT(generatorMessages);
  return (
    <div className={styles.tips}>
      <h3 className={styles.tipsHeading}>{t('tipsHeading')}</h3>
      <ul className={styles.tipList}>
        <li>{t('tipSubject')}</li>
        <li>{t('tipCamera')}</li>
        <li>{t('tipSound')}</li>
      </ul>
    </div>
  );
}
