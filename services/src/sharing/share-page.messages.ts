import type { Language } from '../site/prerendered-pages';

/** The texts of a shared video's page (`/v/<id>`) and its player, in each language the site speaks. */
export const SHARE_PAGE_MESSAGES = {
  en: {
    titleWithout: 'A video made with {model}',
    description: 'A {seconds}-second AI video made with {model} on Veo 3 Studio.',
    promptLabel: 'Prompt',
    promptHidden: 'The creator keeps the prompt private.',
    modelLabel: 'Model',
    lengthLabel: 'Length',
    seconds: '{seconds} s',
    creatorLabel: 'Made by',
    anonymous: 'Anonymous',
    viewsLabel: 'Views',
    remixesLabel: 'Remixes',
    makeOne: 'Make one like this',
    report: 'Report',
    noPlayer: 'Your browser cannot play this video here.',
    downloadInstead: 'Open the video file',
    notFoundTitle: 'This video is not shared',
    notFoundText: 'The link may be wrong, or its owner stopped sharing it.',
    notFoundAction: 'Make your own video',
    videoLabel: 'Video: {title}',
  },
  'zh-CN': {
    titleWithout: '用 {model} 生成的视频',
    description: '在 Veo 3 Studio 上用 {model} 生成的 {seconds} 秒 AI 视频。',
    promptLabel: '提示词',
    promptHidden: '创作者没有公开提示词。',
    modelLabel: '模型',
    lengthLabel: '时长',
    seconds: '{seconds} 秒',
    creatorLabel: '创作者',
    anonymous: '匿名',
    viewsLabel: '观看次数',
    remixesLabel: '再创作次数',
    makeOne: '做一个类似的视频',
    report: '举报',
    noPlayer: '你的浏览器无法在此播放该视频。',
    downloadInstead: '打开视频文件',
    notFoundTitle: '此视频未分享',
    notFoundText: '链接可能有误，或者视频的所有者已停止分享。',
    notFoundAction: '制作你自己的视频',
    videoLabel: '视频：{title}',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type SharePageText = keyof (typeof SHARE_PAGE_MESSAGES)['en'];

/** The text `key` in `lang`, with `{name}` placeholders filled (values as given: the caller escapes for HTML). */
export function sharePageText(lang: Language, key: SharePageText, vars: Record<string, string | number> = {}): string {
  return SHARE_PAGE_MESSAGES[lang][key].replace(/\{(\w+)\}/g, (match, name: string) =>
    name in vars ? String(vars[name]) : match,
  );
}
