import {
  Alignment,
  Autoformat,
  AutoLink,
  BlockQuote,
  Bold,
  ClassicEditor,
  CodeBlock,
  Essentials,
  FontBackgroundColor,
  FontColor,
  Heading,
  Image,
  ImageCaption,
  ImageResize,
  ImageStyle,
  ImageTextAlternative,
  ImageToolbar,
  ImageUpload,
  Indent,
  IndentBlock,
  Italic,
  Link,
  List,
  MediaEmbed,
  Paragraph,
  PasteFromOffice,
  RemoveFormat,
  Strikethrough,
  Subscript,
  Superscript,
  Underline,
  type EditorConfig,
  type Translations,
} from 'ckeditor5';
import { BlogImageUpload, ContentImageStyle, SafeLinks, UndoHistoryLimits } from './editor-plugins';

export { ClassicEditor };

/** The toolbar of SPEC §2, in its order: headers 1-6, bold ... subscript/superscript, clean; plus undo/redo. */
export const TOOLBAR = [
  'undo',
  'redo',
  '|',
  'heading',
  '|',
  'bold',
  'italic',
  'underline',
  'strikethrough',
  '|',
  'fontColor',
  'fontBackgroundColor',
  '|',
  'bulletedList',
  'numberedList',
  'outdent',
  'indent',
  'alignment',
  '|',
  'link',
  'uploadImage',
  'mediaEmbed',
  'blockQuote',
  'codeBlock',
  '|',
  'subscript',
  'superscript',
  'removeFormat',
];

/** Kept for links (SPEC §5); SafeLinks blanks every other address. */
export const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'];

/**
 * Image types the editor hands to the upload adapter. Wider than what is allowed, so that a BMP or SVG
 * reaches the adapter and gets the 'Please select a valid image file' alert instead of being dropped silently.
 */
export const UPLOAD_TYPES = ['jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff', 'svg+xml', 'avif', 'heic', 'heif', 'x-icon'];

export interface EditorTexts {
  label: string;
  placeholder: string;
  paragraph: string;
  heading: (level: number) => string;
  openInNewTab: string;
}

export function editorConfig(texts: EditorTexts, language: 'en' | 'zh-cn', translations?: Translations): EditorConfig {
  return {
    licenseKey: 'GPL',
    label: texts.label,
    placeholder: texts.placeholder,
    language: { ui: language, content: language },
    translations: translations ? [translations] : undefined,
    plugins: [
      Essentials,
      Paragraph,
      Heading,
      Bold,
      Italic,
      Underline,
      Strikethrough,
      Subscript,
      Superscript,
      FontColor,
      FontBackgroundColor,
      List,
      Indent,
      IndentBlock,
      Alignment,
      Link,
      AutoLink,
      Image,
      ImageToolbar,
      ImageCaption,
      ImageStyle,
      ImageResize,
      ImageTextAlternative,
      ImageUpload,
      MediaEmbed,
      BlockQuote,
      CodeBlock,
      RemoveFormat,
      Autoformat,
      PasteFromOffice,
      BlogImageUpload,
      SafeLinks,
      ContentImageStyle,
      UndoHistoryLimits,
    ],
    // Every item stays in sight (SPEC §2 lists them all): the toolbar wraps onto more rows instead of hiding some behind ⋮.
    toolbar: { items: TOOLBAR, shouldNotGroupWhenFull: true },
    // The sticky toolbar stays below the site's fixed 4rem header while a long article scrolls.
    ui: { viewportOffset: { top: 64 } },
    heading: {
      options: [
        { model: 'paragraph', title: texts.paragraph, class: 'ck-heading_paragraph' },
        ...([1, 2, 3, 4, 5, 6] as const).map((level) => ({
          model: `heading${level}` as const,
          view: `h${level}`,
          title: texts.heading(level),
          class: `ck-heading_heading${level}`,
        })),
      ],
    },
    image: {
      upload: { types: UPLOAD_TYPES },
      // An uploaded picture is a block of its own, full width (SPEC §5).
      insert: { type: 'block' },
      toolbar: [
        'imageStyle:inline',
        'imageStyle:block',
        'imageStyle:side',
        '|',
        'toggleImageCaption',
        'imageTextAlternative',
        '|',
        'resizeImage',
      ],
    },
    link: {
      defaultProtocol: 'https://',
      allowedProtocols: LINK_PROTOCOLS,
      decorators: {
        openInNewTab: {
          mode: 'manual',
          label: texts.openInNewTab,
          attributes: { target: '_blank', rel: 'noopener noreferrer' },
        },
      },
    },
    indentBlock: { offset: 40, unit: 'px' },
    // Typing is grouped into undo steps of at most 20 characters; UndoHistoryLimits adds the one-second window.
    // (TypingConfig's type asks for `transformations`, which belong to a plugin this editor does not load.)
    typing: { undoStep: 20 } as EditorConfig['typing'],
  };
}
