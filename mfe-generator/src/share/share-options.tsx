import { useId, type RefObject } from 'react';
import { GALLERY_CATEGORIES, type CreateShareRequest, type GalleryCategory } from '@veo3/contracts/sharing';
import { useT } from '@veo3/platform/i18n/i18n';
import { shareMessages } from './share.messages';
import styles from './share-dialog.module.css';

/** What the owner chooses for a share (the contract's names). */
export type ShareSettings = CreateShareRequest;

export const DEFAULT_SETTINGS: ShareSettings = {
  show_prompt: true,
  anonymous: false,
  offer_to_gallery: false,
  category: 'other',
  allow_image_remix: false,
};

const CATEGORY_TEXT = {
  animation: 'categoryAnimation',
  product: 'categoryProduct',
  movie: 'categoryMovie',
  'talk show': 'categoryTalkShow',
  other: 'categoryOther',
} as const satisfies Record<GalleryCategory, keyof (typeof shareMessages)['en']>;

export interface ShareOptionsProps {
  settings: ShareSettings;
  /** One setting changed. */
  onChange: (change: Partial<ShareSettings>) => void;
  /** The account's name, or null (the page then says Anonymous either way). */
  name: string | null;
  /** The video was made from a picture: only then may others start from it. */
  hasImage: boolean;
  disabled: boolean;
  firstRef?: RefObject<HTMLInputElement | null>;
}

/** The share's options: the prompt, the name, the gallery (with its category) and the pictures. */
export function ShareOptions({ settings, onChange, name, hasImage, disabled, firstRef }: ShareOptionsProps) {
  const t = useT(shareMessages);
  const id = useId();
  const check = (key: 'show_prompt' | 'offer_to_gallery' | 'allow_image_remix', label: string, hint: string) => (
    <div className={styles.option}>
      <input
        ref={key === 'show_prompt' ? firstRef : undefined}
        id={`${id}-${key}`}
        type="checkbox"
        checked={settings[key]}
        disabled={disabled}
        aria-describedby={`${id}-${key}-hint`}
        onChange={(event) => onChange({ [key]: event.target.checked })}
      />
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <p id={`${id}-${key}-hint`} className={styles.hint}>
        {hint}
      </p>
    </div>
  );
  return (
    <div className={styles.options}>
      {check('show_prompt', t('showPrompt'), t('showPromptHint'))}
      <fieldset className={styles.fieldset} disabled={disabled}>
        <legend>{t('nameLegend')}</legend>
        {[false, true].map((anonymous) => (
          <div key={String(anonymous)} className={styles.radio}>
            <input
              id={`${id}-anonymous-${anonymous}`}
              type="radio"
              name={`${id}-anonymous`}
              checked={settings.anonymous === anonymous}
              onChange={() => onChange({ anonymous })}
            />
            <label htmlFor={`${id}-anonymous-${anonymous}`}>
              {anonymous ? t('anonymous') : name ? t('showName', { name }) : t('showNameNone')}
            </label>
          </div>
        ))}
      </fieldset>
      {check('offer_to_gallery', t('offerGallery'), t('offerGalleryHint'))}
      {settings.offer_to_gallery && (
        <div className={styles.category}>
          <label htmlFor={`${id}-category`}>{t('category')}</label>
          <select
            id={`${id}-category`}
            value={settings.category}
            disabled={disabled}
            onChange={(event) => onChange({ category: event.target.value as GalleryCategory })}
          >
            {GALLERY_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(CATEGORY_TEXT[category])}
              </option>
            ))}
          </select>
        </div>
      )}
      {hasImage && check('allow_image_remix', t('imageRemix'), t('imageRemixHint'))}
    </div>
  );
}
