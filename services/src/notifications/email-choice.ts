import type { EmailReadyChoice } from '@veo3/contracts/notifications';

/** What of a user's settings row the e-mail choice reads (no row: `default`, nothing sent). */
export interface EmailChoiceState {
  emailReady: EmailReadyChoice;
  firstReadyTaskId: string | null;
}

export const NO_CHOICE: EmailChoiceState = { emailReady: 'default', firstReadyTaskId: null };

/**
 * Whether a finished video `taskId` gets a "ready" e-mail: `every` when the user turned them on;
 * `first` while they never chose and no other video had the first one (a retry for the same video
 * keeps it), which must still be claimed (NotificationSettingsRepository.claimFirst); else none.
 */
export function readyEmailFor(state: EmailChoiceState, taskId: string): 'every' | 'first' | null {
  if (state.emailReady === 'on') return 'every';
  if (state.emailReady === 'off') return null;
  return state.firstReadyTaskId === null || state.firstReadyTaskId === taskId ? 'first' : null;
}

/** Whether the first video's e-mail (while the choice is `default`) has gone to another video already. */
export function firstVideoEmailSent(state: EmailChoiceState): boolean {
  return state.firstReadyTaskId !== null;
}
