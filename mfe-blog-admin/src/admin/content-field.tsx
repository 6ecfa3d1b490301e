import { Suspense, useId, useState, type ReactNode } from 'react';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { Spinner } from '@veo3/platform/ui/spinner';
import { blogAdminMessages } from '../blog-admin.messages';
import styles from './article-form.module.css';
import { LoadBoundary } from './load-boundary';
import { loadEditor } from './lazy-editor';
import { retryableLazy } from './retryable-lazy';

const Editor = retryableLazy(loadEditor);

export interface ContentFieldProps {
  initialData: string;
  onChange: (html: string) => void;
  required: ReactNode;
}

/** 'Content *': the rich-text editor, loaded on demand, with a loading state and a retry if its download fails. */
export function ContentField({ initialData, onChange, required }: ContentFieldProps) {
  const t = useT(blogAdminMessages);
  const hintId = useId();
  const lang = useLanguage();
  const [attempt, setAttempt] = useState(0);

  const loading = (
    <div className={styles.editorLoading} role="status">
      <Spinner size="sm" label="" />
      {t('loadingEditor')}
    </div>
  );
  const failed = (
    <div className={styles.editorFailed} role="alert">
      <p>{t('editorFailed')}</p>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          Editor.retry();
          setAttempt((n) => n + 1);
        }}
      >
        {t('retry')}
      </Button>
    </div>
  );

  return (
    <div className={styles.field}>
      {/* CKEditor names its editing area itself (config.label); this is the visible label. */}
      <span className={styles.label} aria-hidden="true">
        {t('fieldContent')} {required}
      </span>
      <LoadBoundary key={attempt} fallback={failed}>
        <Suspense fallback={loading}>
          {/* CKEditor reads its UI language once: a new language makes a new editor, with the content so far. */}
          <Editor.Component key={lang} initialData={initialData} onChange={onChange} describedBy={hintId} />
        </Suspense>
      </LoadBoundary>
      <p id={hintId} className={styles.hint}>
        {t('contentHint')}
      </p>
    </div>
  );
}
