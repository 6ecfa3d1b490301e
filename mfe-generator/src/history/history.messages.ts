import { defineMessages } from '@veo3/platform/i18n/i18n';

export const historyMessages = defineMessages(
  {
    title: 'Video History',
    metaDescription: 'All the AI videos you have generated with Veo 3 Studio.',
    intro: 'Every video you have generated, ready to watch and download again.',
    signedOutText: 'Please login to see the videos you have generated.',
    loginNow: 'Login Now',
    emptyTitle: 'No videos yet',
    emptyText: 'Videos you generate will show up here once they are finished.',
    createFirst: 'Create your first video',
  },
  {
    title: '视频历史',
    metaDescription: '你用 Veo 3 Studio 生成的所有 AI 视频。',
    intro: '你生成过的每一个视频都在这里,可以随时观看和再次下载。',
    signedOutText: '请登录后查看你生成过的视频。',
    loginNow: '立即登录',
    emptyTitle: '还没有视频',
    emptyText: '视频生成完成后会显示在这里。',
    createFirst: '创建你的第一个视频',
  },
);
