import { showcaseStills } from './showcase-stills';

export { STILL_HEIGHT, STILL_WIDTH } from './showcase-stills';

export type ShowcaseCategory = 'animation' | 'movie' | 'product' | 'talk show' | 'other';

/** A Veo 3 video posted by an outside creator (SPEC §3 'Showcase item'). */
export interface ShowcaseItem {
  id: string;
  creator: string;
  /** The creator's post. */
  videoUrl: string;
  /** The post rendered as a dark-theme embed with do-not-track on. */
  embedUrl: string;
  category: ShowcaseCategory;
  /** A local still shipped with the site (scripts/showcase-stills.mjs), shown until the visitor presses play. */
  still: string;
}

/** A post's id is the last segment of its path, e.g. https://x.com/user/status/<id>. */
export function tweetIdFromUrl(url: string): string {
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  return segments[segments.length - 1] ?? '';
}

export function tweetEmbedUrl(postUrl: string): string {
  return `https://platform.twitter.com/embed/Tweet.html?id=${tweetIdFromUrl(postUrl)}&theme=dark&dnt=true`;
}

/** A YouTube video's id from a watch, short or embed address. */
export function youTubeIdFromUrl(url: string): string {
  const parsed = new URL(url);
  return parsed.searchParams.get('v') ?? parsed.pathname.split('/').filter(Boolean).pop() ?? '';
}

/** The privacy-enhanced (no-cookie) player; its JS API answers once the player has arrived. */
export function youTubeEmbedUrl(videoUrl: string): string {
  return `https://www.youtube-nocookie.com/embed/${youTubeIdFromUrl(videoUrl)}?autoplay=1&enablejsapi=1`;
}

export type EmbedProvider = 'x' | 'youtube';

export function embedProvider(item: Pick<ShowcaseItem, 'embedUrl'>): EmbedProvider {
  return /(^|\.)youtube(-nocookie)?\.com$/.test(new URL(item.embedUrl).hostname) ? 'youtube' : 'x';
}

function tweet(creator: string, postUrl: string, category: ShowcaseCategory): ShowcaseItem {
  const id = tweetIdFromUrl(postUrl);
  const still = showcaseStills[id];
  if (!still) throw new Error(`showcase item ${id} has no still: run scripts/showcase-stills.mjs`);
  return { id, creator, videoUrl: postUrl, embedUrl: tweetEmbedUrl(postUrl), category, still };
}

// Public Veo 3 posts; ordered so the first screenful mixes every category.
export const showcaseItems: ShowcaseItem[] = [
  tweet('@ZHO_ZHO_ZHO', 'https://x.com/ZHO_ZHO_ZHO/status/1925074523768115281', 'animation'),
  tweet('@fofrAI', 'https://x.com/fofrAI/status/1924924738494669011', 'talk show'),
  tweet('@guicastellanos1', 'https://x.com/guicastellanos1/status/1949721242157634012', 'product'),
  tweet('@blizaine', 'https://x.com/blizaine/status/1924920801024692458', 'movie'),
  tweet('@venturetwins', 'https://x.com/venturetwins/status/1925046014689608146', 'other'),
  tweet('@blizaine', 'https://x.com/blizaine/status/1924915411876720907', 'animation'),
  tweet('@HonestBlogging', 'https://x.com/HonestBlogging/status/1925044948891549909', 'talk show'),
  tweet('@Salmaaboukarr', 'https://x.com/Salmaaboukarr/status/1946530149299634618', 'product'),
  tweet('@HashemGhaili', 'https://x.com/HashemGhaili/status/1925332319604257203', 'movie'),
  tweet('@fofrAI', 'https://x.com/fofrAI/status/1924917797366247719', 'animation'),
  tweet('@azed_ai', 'https://x.com/azed_ai/status/1954218180593008836', 'product'),
  tweet('@jerrod_lew', 'https://x.com/jerrod_lew/status/1924934440486371589', 'other'),
  tweet('@nmatares', 'https://x.com/nmatares/status/1924931844879134804', 'movie'),
  tweet('@ZHO_ZHO_ZHO', 'https://x.com/ZHO_ZHO_ZHO/status/1925052387552829876', 'talk show'),
  tweet('@ZHO_ZHO_ZHO', 'https://x.com/ZHO_ZHO_ZHO/status/1925098318776172849', 'animation'),
  tweet('@ananasops', 'https://x.com/ananasops/status/1948105568352161792', 'product'),
  tweet('@mattshumer_', 'https://x.com/mattshumer_/status/1925027354755109311', 'other'),
  tweet('@nmatares', 'https://x.com/nmatares/status/1925198944029864388', 'movie'),
  tweet('@olivia300B', 'https://x.com/olivia300B/status/1950601840426619036', 'product'),
  tweet('@skirano', 'https://x.com/skirano/status/1924957061969834382', 'talk show'),
  tweet('@CoffeeVectors', 'https://x.com/CoffeeVectors/status/1945508252659187884', 'animation'),
  tweet('@Mentor', 'https://x.com/Mentor/status/1948510415148941768', 'other'),
  tweet('@hq4ai', 'https://x.com/hq4ai/status/1925499957622067289', 'movie'),
  tweet('@Ror_Fly', 'https://x.com/Ror_Fly/status/1947270362233761947', 'product'),
  tweet('@IamEmily2050', 'https://x.com/IamEmily2050/status/1941885053619068984', 'animation'),
  tweet('@TechieBySA', 'https://x.com/TechieBySA/status/1948081484100706430', 'other'),
  tweet('@CitizenPlain', 'https://x.com/CitizenPlain/status/1924936771411853668', 'movie'),
  tweet('@AzianMike', 'https://x.com/AzianMike/status/1947055581778563570', 'product'),
  tweet('@venturetwins', 'https://x.com/venturetwins/status/1948771505783144641', 'other'),
  tweet('@IqraSaifiii', 'https://x.com/IqraSaifiii/status/1953941486363717651', 'product'),
];
