import type { Effect } from '@veo3/contracts/effects';

const settings: Effect['settings'] = { model: 'veo3', aspect_ratio: '16:9', resolution: '720p', duration_s: 8 };

/** Two photos of people (the confirmation applies), Hot, in Interaction. */
export const kissingEffect: Effect = {
  slug: 'ai-french-kissing',
  category: 'interaction',
  badge: 'hot',
  name: { en: 'AI French Kissing', 'zh-CN': 'AI 法式接吻' },
  description: { en: 'Two photos become a kiss.', 'zh-CN': '两张照片变成一个吻。' },
  inputs: [
    { key: 'photo_1', kind: 'photo', label: { en: 'First person', 'zh-CN': '第一个人' }, required: true },
    { key: 'photo_2', kind: 'photo', label: { en: 'Second person', 'zh-CN': '第二个人' }, required: false },
  ],
  faq: [
    {
      question: { en: 'Who can be in the photos?', 'zh-CN': '谁可以出现在照片中？' },
      answer: { en: 'Adults who agreed.', 'zh-CN': '同意的成年人。' },
    },
  ],
  people: true,
  price: 40,
  settings,
  sample_url: '/effects/ai-french-kissing/sample.mp4',
  poster_url: '/effects/ai-french-kissing/poster.jpg',
};

/** One required text, New, in Others. */
export const asmrEffect: Effect = {
  slug: 'asmr-video',
  category: 'others',
  badge: 'new',
  name: { en: 'ASMR Video', 'zh-CN': 'ASMR 视频' },
  description: { en: 'Crisp slicing sounds.', 'zh-CN': '清脆的切割声。' },
  inputs: [
    {
      key: 'text_1',
      kind: 'text',
      label: { en: 'What is sliced', 'zh-CN': '切的是什么' },
      required: true,
      max_length: 20,
    },
  ],
  faq: [],
  people: false,
  price: 30,
  settings,
  sample_url: '/effects/asmr-video/sample.mp4',
  poster_url: '/effects/asmr-video/poster.jpg',
};

/** A photo and a text, no people (no confirmation). */
export const postcardEffect: Effect = {
  ...asmrEffect,
  slug: 'talking-postcard',
  name: { en: 'Talking Postcard', 'zh-CN': '会说话的明信片' },
  inputs: [
    { key: 'photo_1', kind: 'photo', label: { en: 'Your place', 'zh-CN': '你的地方' }, required: true },
    { key: 'text_1', kind: 'text', label: { en: 'Greeting', 'zh-CN': '问候语' }, required: true, max_length: 40 },
  ],
};
