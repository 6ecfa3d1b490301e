import { useEffect, useId, useRef, useState, type DragEvent, type Ref } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { IMAGE_TYPES } from '@veo3/contracts/generation-options';
import { formatFileSize } from './format-file-size';
import { generatorMessages } from './generator.messages';
import type { ImageField } from './use-image-field';
import styles from './generator-page.module.css';

export interface ImageUploadProps {
  field: ImageField;
  /** The field's name; the starting image by default. */
  label?: string;
  hint?: string;
  /** The file input, focused when Generate finds the image missing. */
  inputRef?: Ref<HTMLInputElement>;
  /** Why no picture may be picked yet (said in place of the hint); the picker is off while set. */
  disabledReason?: string | null;
}

/**
 * Picks an image for Image to Video (the starting one, or the last frame). Each pick is checked at
 * once (type, 10 MB, decodable, SPEC §5) and a refusal is said beside the picker, keeping the previous
 * good picture.
 */
export function ImageUpload({ field, label, hint, inputRef, disabledReason }: ImageUploadProps) {
  const t = useT(generatorMessages);
  const { file: image, issue, checking } = field;
  const fieldLabel = label ?? t('imageLabel');
  const inputId = useId();
  const hintId = useId();
  const issueId = useId();
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
    if (file && !disabledReason) void field.pick(file);
  };

  const describedBy = [image ? null : hintId, issue ? issueId : null].filter(Boolean).join(' ');

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
        ref={inputRef}
        id={inputId}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className={styles.fileInput}
        aria-label={fieldLabel}
        aria-describedby={describedBy || undefined}
        aria-invalid={issue ? true : undefined}
        disabled={Boolean(disabledReason)}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void field.pick(file);
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
          </div>
          <div className={styles.previewActions}>
            <label htmlFor={inputId} className="pf-button pf-button--secondary pf-button--sm">
              {t('replaceImage')}
            </label>
            <button type="button" className="pf-button pf-button--ghost pf-button--sm" onClick={field.remove}>
              {t('removeImage')}
            </button>
          </div>
        </div>
      ) : (
        <label htmlFor={inputId} className={`${styles.dropzone} ${dragging ? styles.dropzoneActive : ''}`}>
          <svg
            aria-hidden="true"
            className={styles.icon}
            viewBox="0 0 24 24"
            width="24"
            height="24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <path d="M12 16V4m0 0-4 4m4-4 4 4" strokeLinecap="round" strokeLinejoin="round" />
            <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" strokeLinecap="round" />
          </svg>
          <span className={styles.dropzoneText}>{t('uploadCta')}</span>
          <span id={hintId} className={styles.hint}>
            {disabledReason ?? hint ?? t('uploadHint')}
          </span>
        </label>
      )}
      {checking && <span className={styles.hint}>{t('imageChecking')}</span>}
      {/* Always mounted, so the refusal is announced the moment it appears. */}
      <p id={issueId} role="alert" className={issue ? styles.fieldError : styles.fieldErrorEmpty}>
        {issue && t(issue.key, issue.vars)}
      </p>
    </div>
  );
}
