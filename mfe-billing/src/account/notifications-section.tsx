import { useEffect, useId, useRef, useState } from 'react';
import type { NotificationSettings } from '@veo3/contracts/notifications';
import { useT } from '@veo3/platform/i18n/i18n';
import { notificationPermission, pushSupported } from '@veo3/platform/notifications/push-subscription';
import { useNotificationActions, useNotificationSettings } from '@veo3/platform/notifications/use-notifications';
import { Button } from '@veo3/platform/ui/button';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Spinner } from '@veo3/platform/ui/spinner';
import { accountMessages } from './account.messages';
import { notificationsMessages } from './notifications.messages';
import styles from './account-page.module.css';
import own from './notifications-section.module.css';

type Key = keyof (typeof notificationsMessages)['en'];

/** What the switch shows: never chosen counts as on until the first video's e-mail went out. */
export function emailSwitch(settings: NotificationSettings): { checked: boolean; hint: Key } {
  if (!settings.email_available) return { checked: false, hint: 'emailUnavailable' };
  if (settings.email_ready === 'on') return { checked: true, hint: 'emailOn' };
  if (settings.email_ready === 'off') return { checked: false, hint: 'emailOff' };
  return settings.first_video_email_sent
    ? { checked: false, hint: 'emailFirstSent' }
    : { checked: true, hint: 'emailFirst' };
}

function EmailChoice({
  userId,
  settings,
  announce,
}: {
  userId: string;
  settings: NotificationSettings;
  announce: (text: string) => void;
}) {
  const t = useT(notificationsMessages);
  const hintId = useId();
  const { email } = useNotificationActions(userId);
  const { checked, hint } = emailSwitch(settings);
  const toggle = () =>
    email.mutate(checked ? 'off' : 'on', {
      onSuccess: (saved) => announce(t(saved.email_ready === 'on' ? 'emailSavedOn' : 'emailSavedOff')),
    });
  return (
    <div className={own.group}>
      <h3 className={own.groupTitle}>{t('emailHeading')}</h3>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={hintId}
        aria-busy={email.isPending || undefined}
        className={own.switch}
        disabled={!settings.email_available || email.isPending}
        onClick={toggle}
      >
        <span className={own.track} aria-hidden="true">
          <span className={own.thumb} />
        </span>
        <span>{t('emailSwitch')}</span>
      </button>
      <p id={hintId} className={styles.muted}>
        {t(hint)}
      </p>
      {email.isError && (
        <p role="alert" className={own.error}>
          {t('emailSaveFailed')}
        </p>
      )}
    </div>
  );
}

/** Where this browser stands: no push here at all, blocked, on, or ready to be turned on. */
function pushState(settings: NotificationSettings, denied: boolean) {
  if (!pushSupported()) return 'unsupported' as const;
  if (!settings.push.available) return 'unavailable' as const;
  if (settings.push.this_browser) return 'on' as const;
  return denied || notificationPermission() === 'denied' ? ('denied' as const) : ('off' as const);
}

function BrowserChoice({
  userId,
  settings,
  announce,
}: {
  userId: string;
  settings: NotificationSettings;
  announce: (text: string) => void;
}) {
  const t = useT(notificationsMessages);
  const { pushOn, pushOff } = useNotificationActions(userId);
  const denied = pushOn.data === 'denied';
  const state = pushState(settings, denied);
  const deniedRef = useRef<HTMLParagraphElement>(null);
  // The button that was pressed is gone: the explanation takes the focus.
  useEffect(() => {
    if (denied) deniedRef.current?.focus();
  }, [denied]);
  const others = settings.push.browsers - (settings.push.this_browser ? 1 : 0);
  const turnOn = () =>
    pushOn.mutate(settings.push.vapid_public_key, {
      onSuccess: (outcome) => {
        if (outcome === 'subscribed') announce(t('pushTurnedOn'));
        if (outcome === 'dismissed') announce(t('pushDismissed'));
      },
    });
  const turnOff = () => pushOff.mutate(undefined, { onSuccess: () => announce(t('pushTurnedOff')) });
  const message: Partial<Record<typeof state, Key>> = {
    unsupported: 'pushUnsupported',
    unavailable: 'pushUnavailable',
    on: 'pushOnHere',
  };
  return (
    <div className={own.group}>
      <h3 className={own.groupTitle}>{t('pushHeading')}</h3>
      <p className={styles.muted}>{t('pushIntro')}</p>
      {state === 'denied' ? (
        <p ref={deniedRef} tabIndex={-1} role={denied ? 'alert' : undefined}>
          {t('pushDenied')}
        </p>
      ) : (
        message[state] && <p>{t(message[state])}</p>
      )}
      {(state === 'on' || state === 'off') && (
        <div className={own.actions}>
          {/* One button whose action follows the state, so the focus stays on it. */}
          <Button
            variant={state === 'on' ? 'secondary' : 'primary'}
            busy={pushOn.isPending || pushOff.isPending}
            onClick={state === 'on' ? turnOff : turnOn}
          >
            {t(state === 'on' ? 'pushTurnOff' : 'pushTurnOn')}
          </Button>
        </div>
      )}
      {others > 0 && <p className={styles.muted}>{t('pushOtherBrowsers', { count: others })}</p>}
      {pushOn.isError && (
        <p role="alert" className={own.error}>
          {t('pushFailed')}
        </p>
      )}
      {pushOff.isError && (
        <p role="alert" className={own.error}>
          {t('pushOffFailed')}
        </p>
      )}
    </div>
  );
}

/** The account page's "Notifications": the ready e-mail's switch and this browser's notifications. */
export function NotificationsSection({ user, headingId }: { user: { id: string }; headingId: string }) {
  const t = useT(notificationsMessages);
  const ta = useT(accountMessages);
  const settings = useNotificationSettings(user.id);
  const [status, setStatus] = useState('');
  return (
    <>
      <h2 id={headingId} className={styles.sectionTitle}>
        {ta('notificationsHeading')}
      </h2>
      <p className={styles.muted}>{t('intro')}</p>
      {settings.isLoading && <Spinner />}
      {settings.isError && (
        <ErrorPanel message={t('loadFailed')} onRetry={() => void settings.refetch()} retryLabel={t('retry')} />
      )}
      {settings.data && (
        <>
          <EmailChoice userId={user.id} settings={settings.data} announce={setStatus} />
          <BrowserChoice userId={user.id} settings={settings.data} announce={setStatus} />
        </>
      )}
      <p role="status" className={own.status}>
        {status}
      </p>
    </>
  );
}
