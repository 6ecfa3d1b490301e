import { useRef, type KeyboardEvent } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import type { GenerationMode } from './model-options';
import { generatorMessages } from './generator.messages';
import styles from './generator-page.module.css';

const MODES: GenerationMode[] = ['text', 'image'];

export interface ModeTabsProps {
  mode: GenerationMode;
  onChange: (mode: GenerationMode) => void;
  panelId: string;
  tabId: (mode: GenerationMode) => string;
}

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move and select. */
export function ModeTabs({ mode, onChange, panelId, tabId }: ModeTabsProps) {
  const t = useT(generatorMessages);
  const tabs = useRef(new Map<GenerationMode, HTMLButtonElement>());

  const select = (next: GenerationMode) => {
    onChange(next);
    tabs.current.get(next)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = MODES.indexOf(mode);
    const last = MODES.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const next = target === undefined ? undefined : MODES[target];
    if (!next) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div role="tablist" aria-label={t('modeTabs')} className={styles.tabs}>
      {MODES.map((m) => (
        <button
          key={m}
          ref={(el) => {
            if (el) tabs.current.set(m, el);
            else tabs.current.delete(m);
          }}
          type="button"
          role="tab"
          id={tabId(m)}
          aria-selected={m === mode}
          aria-controls={panelId}
          tabIndex={m === mode ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(m)}
          onKeyDown={onKeyDown}
        >
          <span aria-hidden="true" className={styles.tabIcon}>
            {m === 'text' ? <TextIcon /> : <ImageIcon />}
          </span>
          {t(m === 'text' ? 'tabText' : 'tabImage')}
        </button>
      ))}
    </div>
  );
}

function TextIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6h16M4 12h10M4 18h13" strokeLinecap="round" />
    </svg>
  );
}

function ImageIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="4" width="18" height="16" rx="3" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-9 9" strokeLinejoin="round" />
    </svg>
  );
}
