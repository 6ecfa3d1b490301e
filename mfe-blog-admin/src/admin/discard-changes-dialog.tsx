import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { Modal } from '@veo3/platform/ui/modal';
import { blogAdminMessages } from '../blog-admin.messages';

export interface DiscardChangesDialogProps {
  open: boolean;
  onDiscard: () => void;
  onStay: () => void;
}

/** 'Discard unsaved changes?': staying is the first button and what Escape or the backdrop does. */
export function DiscardChangesDialog({ open, onDiscard, onStay }: DiscardChangesDialogProps) {
  const t = useT(blogAdminMessages);
  return (
    <Modal
      open={open}
      title={t('discardTitle')}
      onClose={onStay}
      footer={
        <>
          <Button variant="secondary" onClick={onStay}>
            {t('keepEditing')}
          </Button>
          <Button variant="danger" onClick={onDiscard}>
            {t('discardChanges')}
          </Button>
        </>
      }
    >
      <p>{t('discardBody')}</p>
    </Modal>
  );
}
