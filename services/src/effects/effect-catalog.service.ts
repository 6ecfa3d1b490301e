import { Injectable } from '@nestjs/common';
import type { Effect } from '@veo3/contracts/effects';

const settings: Effect['settings'] = { model: 'veo3', aspect_ratio: '16:9', resolution: '720p', duration_s: 8 };

/**
 * TEMPORARY STUB (fx-web branch): the services helper's real catalog (tables, console) replaces this
 * file at merge. Two hard-coded effects so the pages can be built and tested meanwhile.
 */
const STUB_EFFECTS: Effect[] = [
  {
    slug: 'ai-french-kissing',
    category: 'interaction',
    badge: 'hot',
    name: { en: 'AI French Kissing', 'zh-CN': 'AI 法式接吻' },
    description: {
      en: 'Turn photos of two people into a tender, cinematic kiss with natural motion and a romantic soundtrack.',
      'zh-CN': '将两个人的照片变成温柔的电影级亲吻场景，动作自然，并配有浪漫的音乐。',
    },
    inputs: [
      { key: 'photo_1', kind: 'photo', label: { en: 'First person', 'zh-CN': '第一个人' }, required: true },
      { key: 'photo_2', kind: 'photo', label: { en: 'Second person', 'zh-CN': '第二个人' }, required: true },
    ],
    faq: [
      {
        question: { en: 'What photos work best?', 'zh-CN': '什么样的照片效果最好？' },
        answer: {
          en: 'Clear, front-facing photos of each person.',
          'zh-CN': '每个人清晰的正面照片。',
        },
      },
    ],
    people: true,
    price: 40,
    settings,
    sample_url: '/effects/ai-french-kissing/sample.mp4',
    poster_url: '/effects/ai-french-kissing/poster.jpg',
  },
  {
    slug: 'asmr-video',
    category: 'others',
    badge: 'new',
    name: { en: 'ASMR Video', 'zh-CN': 'ASMR 视频' },
    description: {
      en: 'Satisfying, sound-rich clips of tapping, slicing, pouring and rain, with every crisp detail in sync.',
      'zh-CN': '令人舒适、声音丰富的短片：敲击、切割、倾倒和雨声，每个清脆细节都与画面同步。',
    },
    inputs: [
      {
        key: 'text_1',
        kind: 'text',
        label: { en: 'What is sliced', 'zh-CN': '切的是什么' },
        required: true,
        max_length: 60,
      },
    ],
    faq: [],
    people: false,
    price: 40,
    settings,
    sample_url: '/effects/asmr-video/sample.mp4',
    poster_url: '/effects/asmr-video/poster.jpg',
  },
];

/** The published effects (STUB: replaced by the services branch's catalog at merge). */
@Injectable()
export class EffectCatalog {
  published(): Promise<Effect[]> {
    return Promise.resolve(STUB_EFFECTS);
  }

  publishedBySlug(slug: string): Promise<Effect | null> {
    return Promise.resolve(STUB_EFFECTS.find((effect) => effect.slug === slug) ?? null);
  }
}
