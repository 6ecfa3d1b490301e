import { defineMessages } from '@veo3/platform/i18n/i18n';

/** The account page's "Invite friends" section (SPEC §2, Account screen). */
export const referralsMessages = defineMessages(
  {
    rule: 'Share your link. When a friend signs up through it and makes a first purchase, you both get {credits} credits.',
    linkLabel: 'Your invitation link',
    copy: 'Copy link',
    copied: 'Copied',
    copyManually: 'The link is selected: copy it with your keyboard or menu.',
    invited: 'Friends who signed up',
    rewarded: 'Friends who made a purchase',
    earned: 'Credits earned',
    earnedValue: '{count} credits',
    loadFailed: 'Failed to load your invitation link.',
    retry: 'Retry',
  },
  {
    rule: '分享你的链接。好友通过链接注册并完成首次购买后，你们各得 {credits} 积分。',
    linkLabel: '你的邀请链接',
    copy: '复制链接',
    copied: '已复制',
    copyManually: '链接已选中，请用键盘或菜单复制。',
    invited: '已注册的好友',
    rewarded: '已购买的好友',
    earned: '获得的积分',
    earnedValue: '{count} 积分',
    loadFailed: '邀请链接加载失败。',
    retry: '重试',
  },
);
