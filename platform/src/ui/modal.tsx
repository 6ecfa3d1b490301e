import { useEffect, useId, useRef, type ReactNode } from 'react';
import { uiMessages } from '@veo3/platform/ui/ui.messages';
import { useT } from '@veo3/platform/i18n/i18n';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

/** A native <dialog>: focus trap, Escape and the backdrop come from the browser. */
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
