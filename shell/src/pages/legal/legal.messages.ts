import { defineMessages } from '@veo3/platform/i18n/i18n';

export const legalMessages = defineMessages(
  {
    eyebrow: 'Legal',
    lastUpdated: 'Last updated: {date}',
    contents: 'On this page',
    termsOfService: 'Terms of Service',
    privacyPolicy: 'Privacy Policy',
    refundPolicy: 'Refund Policy',
    pricing: 'Pricing page',
    otherPolicies: 'Other policies',
  },
  {
    eyebrow: '法律条款',
    lastUpdated: '最后更新：{date}',
    contents: '本页目录',
    termsOfService: '服务条款',
    privacyPolicy: '隐私政策',
    refundPolicy: '退款政策',
    pricing: '价格页面',
    otherPolicies: '其他政策',
  },
);
