import type { ReactNode } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { blogAdminMessages } from '../blog-admin.messages';
import styles from './article-form.module.css';

/** The mark of a required field: a star for the eye, 'required' for screen readers. */
export function RequiredMark() {
  const t = useT(blogAdminMessages);
  return (
    <>
      <span className={styles.star} aria-hidden="true">
        *
      </span>
      <span className="pf-visually-hidden">{t('required')}</span>
    </>
  );
}

/** A field's label with its counter beside it. */
export function LabelRow({ forId, label, count }: { forId: string; label: ReactNode; count: ReactNode }) {
  return (
    <div className={styles.labelRow}>
      <label className={styles.label} htmlFor={forId}>
        {label}
      </label>
      {count}
    </div>
  );
}
