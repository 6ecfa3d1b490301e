/**
 * What the site sells and what things cost: the one server-side catalogue that credits, video and
 * billing read. Prices are USD; the browser's copy of these numbers is display only.
 */

/** The resolutions of the first three models (the catalogue's 480p and 360p came later). */
type FullResolution = '720p' | '1080p';

/** Credits per video at each resolution: Google prices 720p and 1080p alike, so we do too. */
const VEO_PRICES: Readonly<Record<FullResolution, number>> = { '720p': 40, '1080p': 40 };

/** Gemini Omni Flash's lengths to choose from (seconds); the default is VIDEO_DURATION_SECONDS. */
export const OMNI_DURATIONS = [4, 6, 8, 10] as const;
export type OmniDuration = (typeof OMNI_DURATIONS)[number];
/** Omni is priced per second of output (Google charges about $0.10 a second), at any resolution. */
export const OMNI_CREDITS_PER_SECOND = 4;
/** An extension adds this many seconds (at most) to an Omni video, priced per added second. */
export const EXTEND_SECONDS = { min: 4, max: 10 } as const;
/** No Omni video (extensions included) grows past this length. */
export const MAX_VIDEO_SECONDS = 40;

const OMNI_PRICES: Readonly<Record<FullResolution, number>> = {
  '720p': 8 * OMNI_CREDITS_PER_SECOND,
  '1080p': 8 * OMNI_CREDITS_PER_SECOND,
};

/**
 * The generation models of SPEC §3; `id` is the apiPath the browser sends as `model`, `cost` the
 * price at the default resolution and length (what SPEC §3 lists), `prices` that price at each
 * resolution. `mode`: which generator tab the model serves ('both': text, or image with a first
 * frame). A model with `perSecond` is priced by length, one of `durations`; the others make 8 s.
 */
export const VIDEO_MODELS = {
  veo3: {
    id: 'veo3',
    name: 'VEO 3 Text',
    mode: 'text',
    cost: VEO_PRICES['720p'],
    prices: VEO_PRICES,
    perSecond: null,
    durations: [8],
  },
  'veo3-fast-frames': {
    id: 'veo3-fast-frames',
    name: 'VEO 3 Image',
    mode: 'image',
    cost: VEO_PRICES['720p'],
    prices: VEO_PRICES,
    perSecond: null,
    durations: [8],
  },
  omni: {
    id: 'omni',
    name: 'Gemini Omni Flash',
    mode: 'both',
    cost: OMNI_PRICES['720p'],
    prices: OMNI_PRICES,
    perSecond: OMNI_CREDITS_PER_SECOND,
    durations: OMNI_DURATIONS,
  },
} as const;

export type VideoModelId = keyof typeof VIDEO_MODELS;

/** Every video is this long, with audio (SPEC §9); no plan or model changes it. */
export const VIDEO_DURATION_SECONDS = 8;
/** The models' ids (apiPaths), in catalogue order. */
export const VIDEO_MODEL_IDS = Object.keys(VIDEO_MODELS) as [VideoModelId, ...VideoModelId[]];
export type VideoModel = (typeof VIDEO_MODELS)[VideoModelId];

export function findVideoModel(id: string): VideoModel | undefined {
  return Object.hasOwn(VIDEO_MODELS, id) ? VIDEO_MODELS[id as VideoModelId] : undefined;
}

/** What one video of `model` at `resolution` costs; `seconds` (default 8) prices a per-second model. */
export function videoCost(model: VideoModel, resolution: FullResolution, seconds = VIDEO_DURATION_SECONDS): number {
  return model.perSecond === null ? model.prices[resolution] : model.perSecond * seconds;
}

/** Whether `seconds` is a length `model` makes (Veo: 8 only; Omni: OMNI_DURATIONS). */
export function isModelDuration(model: VideoModel, seconds: number): boolean {
  return (model.durations as readonly number[]).includes(seconds);
}

export type BillingCycle = 'monthly' | 'yearly';

export interface SubscriptionPlan {
  id: 'lite' | 'pro' | 'pro+';
  name: string;
  /** Price per billing cycle. */
  price: Record<BillingCycle, number>;
  /** Credits granted at checkout and again on each renewal. */
  credits: number;
}

export interface CreditPack {
  id: 'starter' | 'basic' | 'standard';
  name: string;
  price: number;
  credits: number;
}

export const SUBSCRIPTION_PLANS: readonly SubscriptionPlan[] = [
  { id: 'lite', name: 'Lite', price: { monthly: 29.9, yearly: 286 }, credits: 590 },
  { id: 'pro', name: 'Pro', price: { monthly: 59.9, yearly: 479 }, credits: 1340 },
  { id: 'pro+', name: 'Pro+', price: { monthly: 129.9, yearly: 959 }, credits: 3370 },
];

export const CREDIT_PACKS: readonly CreditPack[] = [
  { id: 'starter', name: 'Starter', price: 19.9, credits: 330 },
  { id: 'basic', name: 'Basic', price: 49.9, credits: 950 },
  { id: 'standard', name: 'Standard', price: 99.9, credits: 2200 },
];

export type ProductId = SubscriptionPlan['id'] | CreditPack['id'];

/** What a plan offers besides its price and credits; the pricing screen words each one. */
export type PlanFeature = 'standardSpeed' | 'fastestSpeed' | 'commercialRights' | 'prioritySupport';

export const PLAN_FEATURES: Readonly<Record<SubscriptionPlan['id'], readonly PlanFeature[]>> = {
  lite: ['standardSpeed'],
  pro: ['fastestSpeed', 'commercialRights', 'prioritySupport'],
  'pro+': ['fastestSpeed', 'commercialRights', 'prioritySupport'],
};

/**
 * Plan and pack names in zh-CN (the `name` fields are English). Plan names are brand names and stay
 * as they are; pack names are translated.
 */
export const PRODUCT_NAMES_ZH: Readonly<Record<ProductId, string>> = {
  lite: 'Lite',
  pro: 'Pro',
  'pro+': 'Pro+',
  starter: '入门',
  basic: '基础',
  standard: '标准',
};

export function findPlan(id: string | undefined): SubscriptionPlan | undefined {
  return SUBSCRIPTION_PLANS.find((plan) => plan.id === id);
}

export function findPack(id: string | undefined): CreditPack | undefined {
  return CREDIT_PACKS.find((pack) => pack.id === id);
}

/** USD to Stripe's smallest unit, without floating-point drift (29.9 → 2990). */
export function toCents(usd: number): number {
  return Math.round(usd * 100);
}
