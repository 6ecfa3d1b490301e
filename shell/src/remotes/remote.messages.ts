import { defineMessages } from '@veo3/platform/i18n/i18n';

export const remoteMessages = defineMessages(
  {
    unavailableTitle: '{name} could not load',
    unavailableMessage:
      'This part of the site is unavailable right now ({reason}). Everything else keeps working; try again in a moment.',
    crashed: 'it stopped with an error',
    retry: 'Retry',
    loading: 'Loading page',
    name_generator: 'The video generator',
    name_billing: 'Pricing and billing',
    name_blog: 'The blog',
    name_blogAdmin: 'Blog management',
    name_admin: 'The admin console',
  },
  {
    unavailableTitle: '{name}加载失败',
    unavailableMessage: '网站的这一部分暂时无法使用（{reason}）。其他部分仍可正常使用，请稍后重试。',
    crashed: '运行出错',
    retry: '重试',
    loading: '页面加载中',
    name_generator: '视频生成器',
    name_billing: '价格与支付',
    name_blog: '博客',
    name_blogAdmin: '博客管理',
    name_admin: '管理后台',
  },
);
