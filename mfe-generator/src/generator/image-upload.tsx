import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { formatFileSize } from './format-file-size';
import { generatorMessages } from './generator.messages';
import styles from './generator-page.module.css';

export interface ImageUploadProps {
  image: File | null;
  onChange: (image: File | null) => void;
  /** The field's name; the starting image by default. */
  label?: string;
  hint?: string;
}

/** Picks an image for Image to Video (the starting one, or the last frame): any image type, no size limit (SPEC §5). */
export function ImageUpload({ image, onChange, label, hint }: ImageUploadProps) {
  const t = useT(generatorMessages);
  const fieldLabel = label ?? t('imageLabel');
  const inputId = useId();
  const hintId = useId();
  const previewRef = useRef<HTMLImageElement>(null);
  const [dragging, setDragging] = useState(false);

  // The preview reads the picked file through an object URL, released when the file changes.
  useEffect(() => {
    const preview = previewRef.current;
    if (!image || !preview) return;
    const url = URL.createObjectURL(image);
    preview.src = url;
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file?.type.startsWith('image/')) onChange(file);
  };

  return (
    <div
      className={styles.field}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <span className={styles.label}>{fieldLabel}</span>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className={styles.fileInput}
        aria-label={fieldLabel}
        aria-describedby={image ? undefined : hintId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onChange(file);
          // Lets the same file be chosen again after Remove.
          event.target.value = '';
        }}
      />
      {image ? (
        <div className={styles.imagePreview}>
          <img ref={previewRef} alt={t('imagePreviewAlt', { name: image.name })} className={styles.previewImage} />
          <div className={styles.previewMeta}>
            <span className={styles.fileName}>{image.name}</span>
            <span className={styles.fileSize}>{formatFileSize(image.size)}</span>
            <div className={styles.previewActions}>
              <label htmlFor={inputId} className="pf-button pf-button--secondary pf-button--sm">
                {t('replaceImage')}
              </label>
              <button type="button" className="pf-button pf-button--ghost pf-button--sm" onClick={() => onChange(null)}>
                {t('removeImage')}
              </button>
            </div>
          </div>
        </div>
      ) : (
        <label htmlFor={inputId} className={`${styles.dropzone} ${dragging ? styles.dropzoneActive : ''}`}>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="28"
            height="28"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <path d="M12 16V4m0 0-4 4m4-4 4 4" strokeLinecap="round" strokeLinejoin="round" />
            <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" strokeLinecap="round" />
          </svg>
          <span className={styles.dropzoneText}>{t('uploadCta')}</span>
          <span id={hintId} className={styles.hint}>
            {hint ?? t('uploadHint')}
          </span>
        </label>
      )}
    </div>
  );
}
