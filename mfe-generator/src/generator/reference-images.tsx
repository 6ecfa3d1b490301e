import { useEffect, useId, useRef } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { IMAGE_TYPES } from '@veo3/contracts/generation-options';
import { generatorMessages } from './generator.messages';
import type { ImageList } from './use-image-list';
import styles from './generator-page.module.css';

/** One picked picture, shown through an object URL released with it. */
function Thumbnail({ file, onRemove }: { file: File; onRemove: () => void }) {
  const t = useT(generatorMessages);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (!image) return;
    const url = URL.createObjectURL(file);
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <li className={styles.referenceItem}>
      <img ref={ref} alt={t('imagePreviewAlt', { name: file.name })} className={styles.referenceImage} />
      <button
        type="button"
        className={`pf-button pf-button--ghost pf-button--sm ${styles.referenceRemove}`}
        aria-label={t('removeReference', { name: file.name })}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
}

/**
 * Omni's reference images: up to `max` pictures of a character or product to carry into the shot,
 * each checked when picked (like the first frame), shown as thumbnails with a Remove button each.
 */
export function ReferenceImages({ list, max }: { list: ImageList; max: number }) {
  const t = useT(generatorMessages);
  const inputId = useId();
  const hintId = useId();
  const issueId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const remove = (index: number) => {
    list.remove(index);
    // The removed picture's button is gone: the picker is where the user goes next.
    inputRef.current?.focus();
  };

  const full = list.files.length >= max;
  return (
    <div
      className={styles.field}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        const dropped = [...event.dataTransfer.files];
        if (dropped.length) void list.pick(dropped);
      }}
    >
      <span className={styles.label}>{t('referenceLabel')}</span>
      {/* Visually hidden: the dashed box below is its face, as for the starting image. */}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple
        accept={IMAGE_TYPES.join(',')}
        className={styles.fileInput}
        aria-label={t('referenceLabel')}
        aria-describedby={list.issue ? `${hintId} ${issueId}` : hintId}
        aria-invalid={list.issue ? true : undefined}
        onChange={(event) => {
          const picked = [...(event.target.files ?? [])];
          if (picked.length) void list.pick(picked);
          // Lets the same file be chosen again after Remove.
          event.target.value = '';
        }}
      />
      <label htmlFor={inputId} className={`${styles.dropzone} ${full ? styles.dropzoneFull : ''}`}>
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
          <path d="M12 5v14M5 12h14" strokeLinecap="round" />
        </svg>
        <span className={styles.dropzoneText}>{t('referenceAdd')}</span>
        <span id={hintId} className={styles.hint}>
          {t('referenceHint', { max, count: list.files.length })}
        </span>
      </label>
      {list.files.length > 0 && (
        <ul className={styles.referenceList}>
          {list.files.map((file, index) => (
            <Thumbnail key={`${index}-${file.name}`} file={file} onRemove={() => remove(index)} />
          ))}
        </ul>
      )}
      {list.checking && <span className={styles.hint}>{t('imageChecking')}</span>}
      {/* Always mounted, so the refusal is announced the moment it appears. */}
      <p id={issueId} role="alert" className={list.issue ? styles.fieldError : styles.fieldErrorEmpty}>
        {list.issue && t(list.issue.key, list.issue.vars)}
      </p>
    </div>
  );
}
