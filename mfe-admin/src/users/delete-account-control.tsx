import type { AdminUser } from '@veo3/contracts/admin';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { deleteUserAccount } from '../api/admin-api';
import { adminMessages } from '../admin.messages';
import { ReasonedActionControl } from './reasoned-action-control';

/** Deletes (erases) the user's account after a confirmation with a required reason. */
export function DeleteAccountControl({ user }: { user: AdminUser }) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  return (
    <ReasonedActionControl
      user={user}
      label={t('deleteAccount')}
      hint={t('deleteAccountHint')}
      confirmation={t('confirmDeleteAccount', { email: user.email })}
      reasonRequired
      run={(reason) => deleteUserAccount(user.id, reason)}
      done={(data) =>
        t('accountDeleted', {
          credits: formatNumber(data.credits_forfeited, lang),
          videos: formatNumber(data.videos_deleted, lang),
        })
      }
    />
  );
}
