import { defineMessages } from '@veo3/platform/i18n/i18n';

/** "Notify me when it's ready" under a video being made (SPEC §2, Generator screen). */
export const notifyMessages = defineMessages(
  {
    notifyMe: 'Notify me when it’s ready',
    notifyingPush: 'We’ll notify you in this browser when it’s ready. You can leave this page.',
    notifyingEmail: 'We’ll e-mail you when it’s ready if you leave this page.',
    notifyFailed: 'Notifications could not be turned on. Please try again.',
  },
  {
    notifyMe: '视频生成后通知我',
    notifyingPush: '视频生成后，我们会在此浏览器中通知你。你可以离开此页面。',
    notifyingEmail: '如果你离开此页面，视频生成后我们会给你发邮件。',
    notifyFailed: '通知未能开启，请重试。',
  },
);
