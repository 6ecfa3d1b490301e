import type { EffectCategory } from '@veo3/contracts/effects';
import type { Language } from './prerendered-pages';

type CategoryKey = `category_${EffectCategory | 'all'}`;

const en = {
  eyebrow: 'Effects & Templates',
  listTitle: 'AI Video Effects & Templates',
  listHeading: 'Video Effects & Templates',
  listDescription:
    'Ready-made AI video effects and templates: interaction, appearance, emotions, entertainment and more.',
  listLead: 'Start from a proven idea: pick an effect, add your photo or words, and get a video with motion and sound.',
  categoriesLabel: 'Effect categories',
  category_all: 'All',
  category_interaction: 'Interaction',
  category_appearance: 'Appearance',
  category_emotions: 'Emotions',
  category_entertainment: 'Entertainment',
  category_hero_villain: 'Hero/Villain',
  category_horror_fantasy: 'Horror/Fantasy',
  category_xmas: 'Xmas',
  category_others: 'Others',
  badge_hot: 'Hot',
  badge_new: 'New',
  price: '{price} credits',
  empty: 'No effects in this category yet.',
  effectTitle: '{name} — AI Video Effect',
  breadcrumb: 'Breadcrumb',
  home: 'Home',
  effects: 'Video Effects',
  inputsTitle: 'What you add',
  photoInput: 'Photo: {label}',
  textInput: 'Text: {label} (up to {max} characters)',
  optional: 'optional',
  formText:
    'Add your inputs, then press Create: the video is made in a few minutes for {price} credits and appears here and in your History. You can fill in the form without an account; you sign in when you create.',
  peopleText:
    'Photos of people: you confirm everyone in them is an adult and has agreed to this video (see our Terms of Service).',
  faqTitle: 'Questions',
  allEffects: 'All effects',
  notFoundTitle: 'Effect not found',
  notFoundText: 'This effect does not exist or is no longer offered.',
};

const zh: typeof en = {
  eyebrow: '特效与模板',
  listTitle: 'AI 视频特效与模板',
  listHeading: '视频特效与模板',
  listDescription: '现成的 AI 视频特效与模板：互动、外观、情感、娱乐等。',
  listLead: '从成熟的创意开始：选择一个特效，添加你的照片或文字，得到带动作和声音的视频。',
  categoriesLabel: '特效分类',
  category_all: '全部',
  category_interaction: '互动',
  category_appearance: '外观',
  category_emotions: '情感',
  category_entertainment: '娱乐',
  category_hero_villain: '英雄/反派',
  category_horror_fantasy: '恐怖/奇幻',
  category_xmas: '圣诞',
  category_others: '其他',
  badge_hot: '热门',
  badge_new: '新品',
  price: '{price} 积分',
  empty: '这个分类还没有特效。',
  effectTitle: '{name} — AI 视频特效',
  breadcrumb: '导航路径',
  home: '首页',
  effects: '视频特效',
  inputsTitle: '你需要提供',
  photoInput: '照片：{label}',
  textInput: '文字：{label}（最多 {max} 个字符）',
  optional: '可选',
  formText:
    '添加内容后点击“创建”：几分钟内生成视频，花费 {price} 积分，视频会显示在这里和你的历史记录中。无需账号即可填写表单，创建时再登录。',
  peopleText: '含人物的照片：你确认照片中的每个人都已成年并同意制作此视频（见服务条款）。',
  faqTitle: '常见问题',
  allEffects: '全部特效',
  notFoundTitle: '未找到特效',
  notFoundText: '这个特效不存在或已下线。',
};

/** The texts of the effects' server pages (/video-effects, /effects/<slug>), in each language the site speaks. */
export const EFFECT_PAGE_MESSAGES: Record<Language, typeof en> = { en, 'zh-CN': zh };

export type EffectPageText = keyof typeof en & (string | CategoryKey);

export function effectPageText(
  lang: Language,
  key: EffectPageText,
  vars: Record<string, string | number> = {},
): string {
  return EFFECT_PAGE_MESSAGES[lang][key].replace(/\{(\w+)\}/g, (match, name: string) =>
    name in vars ? String(vars[name]) : match,
  );
}
