import { useId } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { blogAdminMessages } from '../blog-admin.messages';
import { CharCounter } from '@veo3/platform/ui/char-counter';
import { LabelRow, RequiredMark } from './article-field-parts';
import styles from './article-form.module.css';

interface TitleFieldProps {
  value: string;
  max: number;
  /** The address the article has (or will have), shown under the title. */
  previewUrl: string;
  onChange: (value: string) => void;
}

export function TitleField({ value, max, previewUrl, onChange }: TitleFieldProps) {
  const t = useT(blogAdminMessages);
  const id = useId();
  const countId = useId();
  const urlId = useId();
  return (
    <div className={styles.field}>
      <LabelRow
        forId={id}
        label={
          <>
            {t('fieldTitle')} <RequiredMark />
          </>
        }
        count={<CharCounter id={countId} count={value.length} max={max} />}
      />
      <input
        id={id}
        className={`${styles.input} ${styles.titleInput}`}
        value={value}
        placeholder={t('titlePlaceholder')}
        required
        maxLength={max}
        aria-describedby={`${urlId} ${countId}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={urlId} className={styles.urlPreview}>
        <span className={styles.urlLabel}>{t('urlPreview')}</span>
        <span className={styles.url} data-testid="url-preview">
          {previewUrl}
        </span>
      </p>
    </div>
  );
}

interface CountedFieldProps {
  label: string;
  placeholder: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
}

/** A one-line input with a character counter. */
export function CountedInput({ label, placeholder, value, max, onChange }: CountedFieldProps) {
  const id = useId();
  const countId = useId();
  return (
    <div className={styles.field}>
      <LabelRow forId={id} label={label} count={<CharCounter id={countId} count={value.length} max={max} />} />
      <input
        id={id}
        className={styles.input}
        value={value}
        placeholder={placeholder}
        maxLength={max}
        aria-describedby={countId}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** A textarea with a character counter. */
export function CountedTextarea({
  label,
  placeholder,
  value,
  max,
  rows,
  onChange,
}: CountedFieldProps & { rows: number }) {
  const id = useId();
  const countId = useId();
  return (
    <div className={styles.field}>
      <LabelRow forId={id} label={label} count={<CharCounter id={countId} count={value.length} max={max} />} />
      <textarea
        id={id}
        className={styles.input}
        rows={rows}
        value={value}
        placeholder={placeholder}
        maxLength={max}
        aria-describedby={countId}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
