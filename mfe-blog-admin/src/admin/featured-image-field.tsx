import { useEffect, useId, useState } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { Spinner } from '@veo3/platform/ui/spinner';
import { blogAdminMessages } from '../blog-admin.messages';
import styles from './article-form.module.css';

export interface FeaturedImageFieldProps {
  /** The image already stored with the article, shown until another file is chosen. */
  currentUrl: string | null;
  uploading: boolean;
}

/** SPEC §2/§5: any image type, no size check, an 'Uploading...' indicator and a 32x32 preview. */
export function FeaturedImageField({ currentUrl, uploading }: FeaturedImageFieldProps) {
  const t = useT(blogAdminMessages);
  const inputId = useId();
  const hintId = useId();
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  // Each chosen file's preview URL is released when another file is chosen or the form closes.
  useEffect(() => {
    if (!localUrl) return;
    return () => URL.revokeObjectURL(localUrl);
  }, [localUrl]);
  const preview = localUrl ?? currentUrl;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {t('fieldFeaturedImage')}
      </label>
      <div className={styles.imageRow}>
        {preview && (
          <img className={styles.imagePreview} src={preview} alt={t('featuredImagePreview')} width={32} height={32} />
        )}
        <input
          id={inputId}
          className={styles.fileInput}
          type="file"
          accept="image/*"
          aria-describedby={hintId}
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            setLocalUrl(file ? URL.createObjectURL(file) : null);
            setFileName(file?.name ?? null);
          }}
        />
        {/* Stands in for the browser's own button, whose text would not follow the site language. */}
        <label className={styles.fileButton} htmlFor={inputId}>
          {t('chooseImage')}
        </label>
        <span className={styles.fileName}>{fileName ?? t(currentUrl ? 'currentImage' : 'noImageChosen')}</span>
        {uploading && (
          <span className={styles.uploading} role="status">
            <Spinner size="sm" label="" />
            {t('uploading')}
          </span>
        )}
      </div>
      <p id={hintId} className={styles.hint}>
        {t('featuredImageHint')}
      </p>
    </div>
  );
}
