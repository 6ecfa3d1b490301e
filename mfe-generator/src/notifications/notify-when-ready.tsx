import { useEffect, useRef } from 'react';
import type { NotificationSettings } from '@veo3/contracts/notifications';
import { useT } from '@veo3/platform/i18n/i18n';
import { notificationPermission, pushSupported } from '@veo3/platform/notifications/push-subscription';
import { useNotificationActions, useNotificationSettings } from '@veo3/platform/notifications/use-notifications';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import { notifyMessages } from './notify.messages';
import styles from './notify-when-ready.module.css';

/** How the user will hear of the video: a notification in this browser, an e-mail, or not yet. */
function notifiedBy(settings: NotificationSettings): 'push' | 'email' | null {
  if (settings.push.this_browser) return 'push';
  return settings.email_ready === 'on' && settings.email_available ? 'email' : null;
}

/** Whether pressing the button can end in browser notifications (else it turns e-mail on). */
function canPush(settings: NotificationSettings): boolean {
  return pushSupported() && settings.push.available && notificationPermission() !== 'denied';
}

/**
 * "Notify me when it's ready" while a video is being made: browser notifications when this browser
 * can have them (the permission is asked on this click, never before), e-mail otherwise; once set,
 * it says which.
 */
export function NotifyWhenReady() {
  const { user } = useSession();
  const settings = useNotificationSettings(user?.id);
  if (!user || !settings.data) return null;
  return <NotifyChoice userId={user.id} settings={settings.data} />;
}

function NotifyChoice({ userId, settings }: { userId: string; settings: NotificationSettings }) {
  const t = useT(notifyMessages);
  const { email, pushOn } = useNotificationActions(userId);
  const by = notifiedBy(settings);
  const pressed = useRef(false);
  const note = useRef<HTMLParagraphElement>(null);
  // The pressed button is gone: its result takes the focus, so the keyboard stays here.
  useEffect(() => {
    if (by && pressed.current) note.current?.focus();
  }, [by]);
  const viaEmail = () => {
    if (settings.email_available) email.mutate('on');
  };
  const notify = () => {
    pressed.current = true;
    if (!canPush(settings)) return viaEmail();
    pushOn.mutate(settings.push.vapid_public_key, {
      onSuccess: (outcome) => {
        if (outcome !== 'subscribed') viaEmail();
      },
      onError: viaEmail,
    });
  };
  if (!by && !canPush(settings) && !settings.email_available) return null;
  return (
    <div className={styles.notify}>
      <p ref={note} tabIndex={-1} role="status" className={styles.note}>
        {by && t(by === 'push' ? 'notifyingPush' : 'notifyingEmail')}
      </p>
      {!by && (
        <Button variant="secondary" size="sm" busy={pushOn.isPending || email.isPending} onClick={notify}>
          {t('notifyMe')}
        </Button>
      )}
      {email.isError && (
        <p role="alert" className={styles.error}>
          {t('notifyFailed')}
        </p>
      )}
    </div>
  );
}
