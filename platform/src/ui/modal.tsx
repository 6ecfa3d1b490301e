import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { uiMessages } from '@veo3/platform/ui/ui.messages';
import { useT } from '@veo3/platform/i18n/i18n';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the dialog's last control goes to its first, Shift+Tab from the first to the last: a
 * modal <dialog> alone lets focus leave it once per cycle (to the page or the browser's own UI).
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.checkVisibility?.() !== false,
  );
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** A native <dialog>: Escape and the backdrop come from the browser, Tab stays inside it. */
export function Modal({ open, title, onClose, children, footer }: ModalProps) {
  const t = useT(uiMessages);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);

  return (
    // Escape is handled by the dialog's cancel event; the click handler only catches clicks on the backdrop.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events
    <dialog
      ref={ref}
      className="pf-modal"
      aria-labelledby={titleId}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="pf-modal__body">
          <header className="pf-modal__header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="pf-modal__close" aria-label={t('close')} onClick={onClose}>
              ×
            </button>
          </header>
          <div className="pf-modal__content">{children}</div>
          {footer && <footer className="pf-modal__footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
