import { defineMessages } from '@veo3/platform/i18n/i18n';

export const adminGateMessages = defineMessages(
  {
    metaTitle: 'Admin Console',
    notAllowedTitle: 'Not allowed',
    notAllowedText:
      'The admin console is for the people who run Veo 3 Studio. Your account does not have the admin role.',
    blogNotAllowedText:
      'Blog management is for the editors of Veo 3 Studio. Your account does not have the blog manager role.',
    notAllowedHint: 'If an administrator has just given you the role, reload this page.',
    backHome: 'Back to Home',
  },
  {
    metaTitle: '管理后台',
    notAllowedTitle: '无权访问',
    notAllowedText: '管理后台仅供 Veo 3 Studio 的运营人员使用。您的账号没有管理员角色。',
    blogNotAllowedText: '博客管理仅供 Veo 3 Studio 的编辑使用。您的账号没有博客管理员角色。',
    notAllowedHint: '如果管理员刚刚为您授予了该角色，请刷新此页面。',
    backHome: '返回首页',
  },
);
