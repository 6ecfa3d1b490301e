import { useEffect, useMemo, useState } from 'react';
import { CKEditor } from '@ckeditor/ckeditor5-react';
import type { Translations } from 'ckeditor5';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { blogAdminMessages } from '../blog-admin.messages';
import { ClassicEditor, editorConfig } from './editor-config';
import 'ckeditor5/ckeditor5.css';
import './editor-theme.css';
import styles from './rich-text-editor.module.css';

export interface RichTextEditorProps {
  /** The HTML the editor opens with; later changes of this prop are ignored. Remount (key) to start anew. */
  initialData: string;
  onChange: (html: string) => void;
  /** id of the element that describes the field (its hint), linked to the editing area. */
  describedBy?: string;
  disabled?: boolean;
}

/** Chinese UI texts, downloaded once when first needed. */
let zhTranslations: Translations | null = null;

/**
 * CKEditor 5 with the admin toolbar (SPEC §2). It is this remote's heaviest part, so the form loads
 * this module on demand: the article list never downloads it.
 */
export default function RichTextEditor({ initialData, onChange, describedBy, disabled }: RichTextEditorProps) {
  const t = useT(blogAdminMessages);
  const lang = useLanguage();
  const [translations, setTranslations] = useState<Translations | null>(zhTranslations);
  // What the editor opens with; afterwards CKEditor owns the content (feeding it back would undo fast typing).
  const [data] = useState(initialData);

  useEffect(() => {
    if (lang !== 'zh-CN' || translations) return;
    let live = true;
    void import('ckeditor5/translations/zh-cn.js').then((module) => {
      zhTranslations = module.default;
      if (live) setTranslations(module.default);
    });
    return () => {
      live = false;
    };
  }, [lang, translations]);

  const config = useMemo(
    () =>
      editorConfig(
        {
          label: t('fieldContent'),
          placeholder: t('contentPlaceholder'),
          paragraph: t('paragraph'),
          heading: (level) => t('headingLevel', { level }),
          openInNewTab: t('openInNewTab'),
        },
        lang === 'zh-CN' ? 'zh-cn' : 'en',
        lang === 'zh-CN' ? (translations ?? undefined) : undefined,
      ),
    [t, lang, translations],
  );

  // Chinese waits for its translations, so the toolbar never shows English tooltips first.
  if (lang === 'zh-CN' && !translations) return <div className={styles.placeholder} aria-hidden="true" />;

  return (
    <div className={`blog-admin-editor ${styles.editor}`}>
      <CKEditor
        editor={ClassicEditor}
        config={config}
        data={data}
        disabled={disabled}
        onReady={(editor) => {
          // The editing area is named by `config.label` ('Content', plus CKEditor's Alt+0 help hint). Attributes of
          // its element belong to CKEditor's view (set on the DOM, they would be overwritten), so they go through it.
          editor.editing.view.change((writer) => {
            const root = editor.editing.view.document.getRoot();
            if (!root) return;
            writer.setAttribute('aria-required', 'true', root);
            if (describedBy) writer.setAttribute('aria-describedby', describedBy, root);
          });
        }}
        onChange={(_event, editor) => onChange(editor.getData())}
      />
    </div>
  );
}
