import type { AdminUser } from '@veo3/contracts/admin';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { signOutEverywhere } from '../api/admin-api';
import { adminMessages } from '../admin.messages';
import { ReasonedActionControl } from './reasoned-action-control';

/** Ends every session of the user, after a confirmation. */
export function SignOutControl({ user }: { user: AdminUser }) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  return (
    <ReasonedActionControl
      user={user}
      label={t('signOutEverywhere')}
      hint={t('signOutHint')}
      confirmation={t('confirmSignOut', { email: user.email })}
      reasonRequired={false}
      run={(reason) => signOutEverywhere(user.id, reason || undefined)}
      done={(data) => t('signedOut', { count: formatNumber(data.sessions_revoked, lang) })}
    />
  );
}
