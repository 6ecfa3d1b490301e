import { defineMessages } from '@veo3/platform/i18n/i18n';

export const uiMessages = defineMessages(
  {
    loading: 'Loading...',
    retry: 'Retry',
    close: 'Close',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {page}',
    pagination: 'Pagination',
    errorTitle: 'Something went wrong',
    charCount: '{count} / {max}',
    charCountLabel: '{count} of {max} characters used',
  },
  {
    loading: '加载中...',
    retry: '重试',
    close: '关闭',
    previous: '上一页',
    next: '下一页',
    page: '第 {page} 页',
    pagination: '分页',
    errorTitle: '出错了',
    charCount: '{count} / {max}',
    charCountLabel: '已使用 {count} / {max} 个字符',
  },
);
