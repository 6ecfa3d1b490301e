import { useId, useRef, useState, type RefObject } from 'react';
import type { Share } from '@veo3/contracts/sharing';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { shareMessages } from './share.messages';
import styles from './share-dialog.module.css';

type ShareText = (key: keyof (typeof shareMessages)['en'], vars?: Record<string, string | number>) => string;

/** What the gallery made of the video, in words; null when it was not offered. */
function galleryText(share: Share, t: ShareText): string | null {
  switch (share.gallery_state) {
    case 'listed':
      return t('galleryListed');
    case 'held':
      return t('galleryHeld');
    case 'hidden':
      return share.gallery_reason ? t('galleryHidden', { reason: share.gallery_reason }) : t('galleryHiddenNoReason');
    default:
      return null;
  }
}

/** A live share: its link with Copy and Open, its views and remixes, and where it stands in the gallery. */
export function ShareLink({ share, copyRef }: { share: Share; copyRef: RefObject<HTMLButtonElement | null> }) {
  const t = useT(shareMessages);
  const lang = useLanguage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'copied' | 'manual' | null>(null);
  const number = (n: number) => new Intl.NumberFormat(lang).format(n);
  const gallery = galleryText(share, t);

  const copy = async () => {
    try {
      // Throws where there is no clipboard (plain HTTP, old browsers) or the browser refuses it.
      await navigator.clipboard.writeText(share.url);
      setCopied('copied');
    } catch {
      input.current?.select();
      setCopied('manual');
    }
  };

  return (
    <div className={styles.link}>
      <label htmlFor={`${id}-url`}>{t('linkLabel')}</label>
      <input
        ref={input}
        id={`${id}-url`}
        className={styles.url}
        type="text"
        readOnly
        value={share.url}
        onFocus={(event) => event.target.select()}
      />
      <div className={styles.buttons}>
        <button
          ref={copyRef}
          type="button"
          className="pf-button pf-button--primary pf-button--md"
          onClick={() => void copy()}
        >
          {t('copyLink')}
        </button>
        <a className="pf-button pf-button--secondary pf-button--md" href={share.url} target="_blank" rel="noopener">
          {t('openPage')}
        </a>
      </div>
      <p role="status" className={styles.hint}>
        {copied && t(copied === 'copied' ? 'copied' : 'copyManually')}
      </p>
      <p className={styles.stats}>{t('stats', { views: number(share.views), remixes: number(share.remixes) })}</p>
      {gallery && <p className={share.gallery_state === 'hidden' ? styles.warning : styles.stats}>{gallery}</p>}
    </div>
  );
}
