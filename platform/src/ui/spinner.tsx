import { uiMessages } from '@veo3/platform/ui/ui.messages';
import { useT } from '@veo3/platform/i18n/i18n';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Read by screen readers; '' hides the spinner from them (e.g. inside a busy button). */
  label?: string;
  fullScreen?: boolean;
}

export function Spinner({ size = 'md', label, fullScreen = false }: SpinnerProps) {
  const t = useT(uiMessages);
  const text = label ?? t('loading');
  const spinner = (
    <span
      className={`pf-spinner pf-spinner--${size}`}
      role={text ? 'status' : undefined}
      aria-hidden={text ? undefined : true}
    >
      <span className="pf-spinner__ring" />
      {text && <span className={fullScreen ? 'pf-spinner__text' : 'pf-visually-hidden'}>{text}</span>}
    </span>
  );
  return fullScreen ? <div className="pf-fullscreen">{spinner}</div> : spinner;
}
