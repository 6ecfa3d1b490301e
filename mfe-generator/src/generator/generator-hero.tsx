import { useT } from '@veo3/platform/i18n/i18n';
import { generatorMessages } from './generator.messages';
import styles from './generator-page.module.css';

/**
 * One short line above the tool, so the form starts high on every screen; the longer text lives below
 * it. The badge names the model the form would use.
 */
export function GeneratorHero({ model }: { model: string }) {
  const t = useT(generatorMessages);
  return (
    <header className={styles.hero}>
      <h1 className={styles.title}>{t('heading')}</h1>
      <p className={styles.eyebrow}>{t('eyebrow', { model })}</p>
    </header>
  );
}
