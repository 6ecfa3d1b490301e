import { useEffect, useId, useState } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { Spinner } from '@veo3/platform/ui/spinner';
import { blogAdminMessages } from '../blog-admin.messages';
import styles from './article-form.module.css';

export interface FeaturedImageFieldProps {
  /** The article's featured image: the stored one, or the one just uploaded. */
  currentUrl: string | null;
  uploading: boolean;
  /** Uploads the chosen file; resolves to whether it became the featured image. */
  onFile: (file: File) => Promise<boolean>;
  onRemove: () => void;
}

/**
 * SPEC §2/§5: any image type, no size check, an 'Uploading...' indicator and a 32x32 preview. The chosen
 * file shows at once (from memory) while it uploads; afterwards the preview is the uploaded image.
 */
export function FeaturedImageField({ currentUrl, uploading, onFile, onRemove }: FeaturedImageFieldProps) {
  const t = useT(blogAdminMessages);
  const inputId = useId();
  const hintId = useId();
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  // Each chosen file's preview URL is released once its upload ends or the form closes.
  useEffect(() => {
    if (!localUrl) return;
    return () => URL.revokeObjectURL(localUrl);
  }, [localUrl]);
  const preview = (uploading && localUrl) || currentUrl;

  const choose = async (file: File) => {
    setLocalUrl(URL.createObjectURL(file));
    setFileName(file.name);
    const uploaded = await onFile(file);
    setLocalUrl(null);
    if (!uploaded) setFileName(null);
  };

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
            // Cleared, so that choosing the same file again (after a failed upload) uploads it again.
            event.target.value = '';
            if (file) void choose(file);
          }}
        />
        {/* Stands in for the browser's own button, whose text would not follow the site language. */}
        <label className={styles.fileButton} htmlFor={inputId}>
          {t('chooseImage')}
        </label>
        <span className={styles.fileName}>{fileName ?? t(currentUrl ? 'currentImage' : 'noImageChosen')}</span>
        {uploading ? (
          <span className={styles.uploading} role="status">
            <Spinner size="sm" label="" />
            {t('uploading')}
          </span>
        ) : (
          currentUrl && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setFileName(null);
                onRemove();
              }}
            >
              {t('removeImage')}
            </Button>
          )
        )}
      </div>
      <p id={hintId} className={styles.hint}>
        {t('featuredImageHint')}
      </p>
    </div>
  );
}
