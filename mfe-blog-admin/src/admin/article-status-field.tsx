import { useId } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import type { BlogPostStatus } from '@veo3/contracts/blog';
import { blogAdminMessages } from '../blog-admin.messages';
import styles from './article-form.module.css';

const STATUSES: BlogPostStatus[] = ['draft', 'published', 'archived'];

export function ArticleStatusField({
  value,
  onChange,
}: {
  value: BlogPostStatus;
  onChange: (value: BlogPostStatus) => void;
}) {
  const t = useT(blogAdminMessages);
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {t('fieldStatus')}
      </label>
      <select
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value as BlogPostStatus)}
      >
        {STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`status_${status}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
