import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminGalleryItem } from '@veo3/contracts/gallery';
import { useT } from '@veo3/platform/i18n/i18n';
import { adminKeys } from '../api/admin-keys';
import { galleryKeys, moderateUser, moderateVideo } from '../api/admin-gallery';
import { adminMessages } from '../admin.messages';
import { ReasonDialog } from '../console/reason-dialog';
import { reasonOf } from '../console/state-views';
import { galleryMessages } from './gallery.messages';
import { itemTitle, type GalleryActionKind } from './gallery-actions';

export interface GalleryAction {
  kind: GalleryActionKind;
  item: AdminGalleryItem;
}

const TITLES = {
  hide: 'hideTitle',
  restore: 'restoreTitle',
  dismiss: 'dismissTitle',
  ban: 'banTitle',
  unban: 'unbanTitle',
} as const;
const TEXTS = {
  hide: 'hideText',
  restore: 'restoreText',
  dismiss: 'dismissText',
  ban: 'banText',
  unban: 'unbanText',
} as const;
const LABELS = { hide: 'hide', restore: 'restore', dismiss: 'dismiss', ban: 'ban', unban: 'unban' } as const;

/** The confirmation of a moderator's action with its required reason; tells `onDone` what happened. */
export function GalleryActionDialog({
  action,
  onClose,
  onDone,
}: {
  action: GalleryAction | null;
  onClose: () => void;
  onDone: (message: string, failed: boolean) => void;
}) {
  const t = useT(galleryMessages);
  const ta = useT(adminMessages);
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: async ({ kind, item, reason }: GalleryAction & { reason: string }) => {
      const title = itemTitle(item, t('untitled'));
      const email = item.owner_email ?? item.owner_id;
      if (kind === 'ban' || kind === 'unban') {
        const result = await moderateUser(kind, item.owner_id, reason);
        return kind === 'ban' ? t('bannedNotice', { email, count: result.hidden }) : t('unbannedNotice', { email });
      }
      await moderateVideo(kind === 'dismiss' ? 'dismiss-reports' : kind, item.id, reason);
      const notices = { hide: 'hiddenNotice', restore: 'restoredNotice', dismiss: 'dismissedNotice' } as const;
      return t(notices[kind], { title });
    },
    onSuccess: (message) => {
      onDone(message, false);
      onClose();
    },
    onError: (error) => onDone(ta('actionFailed', { reason: reasonOf(error, ta('unknownError')) }), true),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: galleryKeys.all() });
      void client.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
  const item = action?.item;
  return (
    <ReasonDialog
      key={action ? `${action.kind}-${action.item.id}` : 'none'}
      open={action !== null}
      title={action ? t(TITLES[action.kind]) : ''}
      confirmLabel={action ? t(LABELS[action.kind]) : ''}
      reasonRequired
      busy={run.isPending}
      onClose={onClose}
      onConfirm={(reason) => action && run.mutate({ ...action, reason })}
    >
      {action &&
        item &&
        t(TEXTS[action.kind], {
          title: itemTitle(item, t('untitled')),
          email: item.owner_email ?? item.owner_id,
          count: item.reports.open,
        })}
    </ReasonDialog>
  );
}
