import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEffect } from '@veo3/contracts/effects';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { adminMessages } from '../admin.messages';
import { adminKeys } from '../api/admin-keys';
import { effectKeys, setEffectPublished } from '../api/admin-effects';
import { ReasonDialog } from '../console/reason-dialog';
import { reasonOf } from '../console/state-views';
import { withEffect, type EffectList } from './effect-list-cache';
import { effectsMessages } from './effects.messages';

/** Publishes or unpublishes an effect with the reason the audit log keeps. */
export function EffectPublishDialog({
  effect,
  onClose,
  onDone,
}: {
  effect: AdminEffect | null;
  onClose: () => void;
  onDone: (message: string, failed: boolean) => void;
}) {
  const t = useT(effectsMessages);
  const ta = useT(adminMessages);
  const lang = useLanguage();
  const client = useQueryClient();
  const publishing = !effect?.published;
  const change = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => setEffectPublished(id, publishing, reason),
    onSuccess: (done) => {
      client.setQueryData<EffectList>(effectKeys.list(), (list) => withEffect(list, done));
      onDone(t(done.published ? 'publishedNotice' : 'unpublishedNotice', { name: done.name[lang] }), false);
      onClose();
    },
    onError: (error) => onDone(ta('actionFailed', { reason: reasonOf(error, ta('unknownError')) }), true),
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.audit() }),
  });
  const name = effect?.name[lang] ?? '';
  return (
    <ReasonDialog
      key={effect?.id ?? 'none'}
      open={effect !== null}
      title={t(publishing ? 'publishTitle' : 'unpublishTitle')}
      confirmLabel={t(publishing ? 'publish' : 'unpublish')}
      reasonRequired
      busy={change.isPending}
      onClose={onClose}
      onConfirm={(reason) => effect && change.mutate({ id: effect.id, reason })}
    >
      {effect && t(publishing ? 'publishText' : 'unpublishText', { name, slug: effect.slug })}
    </ReasonDialog>
  );
}
