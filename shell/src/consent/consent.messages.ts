import { defineMessages } from '@veo3/platform/i18n/i18n';

export const consentMessages = defineMessages(
  {
    consentTitle: 'Cookies and analytics',
    consentPurpose:
      'May we use Google Analytics cookies to see how the site is used, including your prompts (first 100 characters)?',
    consentChoice: 'Nothing goes to Google unless you accept. Change your mind any time under Cookie settings below.',
    consentPrivacy: 'Privacy Policy',
    consentAccept: 'Accept',
    consentReject: 'Reject',
    cookieSettings: 'Cookie settings',
  },
  {
    consentTitle: 'Cookie 与统计分析',
    consentPurpose: '我们可以使用 Google Analytics Cookie 了解网站的使用情况吗？这包括您的提示词（前 100 个字符）。',
    consentChoice: '除非您接受，否则不会向 Google 发送任何数据。您可随时通过页面底部的“Cookie 设置”更改选择。',
    consentPrivacy: '隐私政策',
    consentAccept: '接受',
    consentReject: '拒绝',
    cookieSettings: 'Cookie 设置',
  },
);
