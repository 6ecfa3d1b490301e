import { useT } from '@veo3/platform/i18n/i18n';
import { blogMessages } from './blog.messages';
import styles from './release-caption.module.css';

// The build defines MFE_VERSION_LABEL (empty unless set when building), so a release shipped on its
// own can be told apart in the page; read at render so tests can set it.
const releaseLabel = (): string => process.env.MFE_VERSION_LABEL || '';

/** `data-version` for the remote's root element when the build was labelled. */
export function releaseAttributes(): { 'data-version'?: string } {
  const label = releaseLabel();
  return label ? { 'data-version': label } : {};
}

/** A small "Blog v2" caption, only when the build was labelled. */
export function ReleaseCaption() {
  const t = useT(blogMessages);
  const label = releaseLabel();
  if (!label) return null;
  return (
    <p className={styles.caption}>
      {t('blog')} {label}
    </p>
  );
}
