import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@veo3/contracts/notifications';
import { getLanguage } from '@veo3/platform/i18n/i18n';
import {
  deletePushSubscription,
  fetchNotificationSettings,
  notificationKeys,
  saveEmailChoice,
  savePushSubscription,
} from '@veo3/platform/notifications/notifications-api';
import {
  currentPushEndpoint,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
  type SubscribeOutcome,
} from '@veo3/platform/notifications/push-subscription';

/** Turning browser notifications on came to this; `unavailable`: the site offers none. */
export type TurnOnOutcome = SubscribeOutcome['outcome'] | 'unavailable';

/** The signed-in user's notification settings, this browser's subscription included (the account page, the generator). */
export function useNotificationSettings(userId: string | undefined) {
  return useQuery({
    queryKey: notificationKeys.settings(userId ?? 'signed-out'),
    // Which subscription is this browser's: only its push service's endpoint says so.
    queryFn: async ({ signal }) => fetchNotificationSettings(await currentPushEndpoint().catch(() => null), signal),
    enabled: Boolean(userId),
  });
}

/** The changes a user makes: the e-mail choice, browser notifications on or off here. */
export function useNotificationActions(userId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) });
  const email = useMutation({
    mutationFn: (choice: 'on' | 'off') => saveEmailChoice(choice, getLanguage()),
    onSuccess: (saved) =>
      queryClient.setQueryData<NotificationSettings>(
        notificationKeys.settings(userId),
        (old) => old && { ...old, ...saved },
      ),
    onSettled: refresh,
  });
  const pushOn = useMutation({
    // Called from the click itself: the browser asks its permission question now, never before.
    mutationFn: async (vapidPublicKey: string | null): Promise<TurnOnOutcome> => {
      if (!vapidPublicKey) return 'unavailable';
      const result = await subscribeThisBrowser(vapidPublicKey);
      if (result.outcome !== 'subscribed') return result.outcome;
      await savePushSubscription(result.subscription, getLanguage());
      return 'subscribed';
    },
    onSettled: refresh,
  });
  const pushOff = useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeThisBrowser();
      if (endpoint) await deletePushSubscription(endpoint);
    },
    onSettled: refresh,
  });
  return { email, pushOn, pushOff };
}
