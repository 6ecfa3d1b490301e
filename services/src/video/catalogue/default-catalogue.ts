import { OMNI_CREDITS_PER_SECOND, OMNI_DURATIONS, VIDEO_MODELS } from '@veo3/contracts/catalogue';
import type { CatalogueEntry } from './catalogue-entry';

/*
 * Prices: 40 credits for each US dollar the vendor charges us, the margin the seed's prices imply
 * (Omni at Google's $0.10 a second is 4 credits a second), rounded up to whole credits; per second
 * where the vendor charges by the second. Vendor figures as published on fal.ai's model pages and
 * Google's price list in November 2026. Waits: the vendor's typical figure, until the site has its own.
 */

const BOTH_RATIOS = ['16:9', '9:16'] as const;
const TEXT_AND_IMAGE = { text: true, first_frame: true, last_frame: false, reference_images: 0 };

/** Google's own models, through its API (and Veo through kie.ai). */
const GOOGLE: CatalogueEntry[] = [
  {
    id: VIDEO_MODELS.veo3.id,
    name: VIDEO_MODELS.veo3.name,
    vendor: 'Google',
    strength: { en: 'Lifelike scenes with dialogue and sound', zh: '逼真场景，带对白与音效' },
    inputs: {
      text: true,
      first_frame: false,
      last_frame: false,
      reference_images: 0,
      negative_prompt: true,
      seed: true,
    },
    outputs: { durations: [8], aspect_ratios: [...BOTH_RATIOS], resolutions: ['720p', '1080p'], audio: true },
    edits: false,
    extends: false,
    price: { per: 'video', credits: { ...VIDEO_MODELS.veo3.prices } },
    typical_wait_s: 70,
    routes: { veo: 'veo', kie: 'veo3' },
  },
  {
    id: VIDEO_MODELS['veo3-fast-frames'].id,
    name: VIDEO_MODELS['veo3-fast-frames'].name,
    vendor: 'Google',
    strength: { en: 'Brings a photo to life, first and last frame', zh: '让照片动起来，可定首尾帧' },
    inputs: {
      text: false,
      first_frame: true,
      last_frame: true,
      reference_images: 0,
      negative_prompt: false,
      seed: true,
    },
    outputs: { durations: [8], aspect_ratios: [...BOTH_RATIOS], resolutions: ['720p', '1080p'], audio: true },
    edits: false,
    extends: false,
    price: { per: 'video', credits: { ...VIDEO_MODELS['veo3-fast-frames'].prices } },
    typical_wait_s: 50,
    routes: { veo: 'veo-fast', kie: 'veo3_fast' },
  },
  {
    id: VIDEO_MODELS.omni.id,
    name: VIDEO_MODELS.omni.name,
    vendor: 'Google',
    strength: { en: 'Edit and extend by instruction, keeps characters', zh: '按指令编辑与延长，角色一致' },
    inputs: { ...TEXT_AND_IMAGE, reference_images: 3, negative_prompt: true, seed: true },
    outputs: {
      durations: [...OMNI_DURATIONS],
      aspect_ratios: [...BOTH_RATIOS],
      resolutions: ['720p', '1080p'],
      audio: true,
    },
    edits: true,
    extends: true,
    price: { per: 'second', credits: { '720p': OMNI_CREDITS_PER_SECOND, '1080p': OMNI_CREDITS_PER_SECOND } },
    typical_wait_s: 45,
    routes: { veo: 'omni' },
  },
  {
    id: 'omni-1.2',
    name: 'Gemini Omni 1.2 Flash',
    vendor: 'Google',
    strength: { en: 'Up to 15 s, with a cheap draft to try ideas', zh: '最长 15 秒，可先出低价草稿' },
    inputs: { ...TEXT_AND_IMAGE, reference_images: 3, negative_prompt: true, seed: true },
    outputs: {
      durations: [4, 6, 8, 10, 12, 15],
      aspect_ratios: [...BOTH_RATIOS],
      resolutions: ['360p', '720p', '1080p'],
      audio: true,
    },
    edits: true,
    extends: true,
    // Google: $0.10 a second, the 360p draft $0.04.
    price: { per: 'second', credits: { '360p': 2, '720p': 4, '1080p': 4 } },
    typical_wait_s: 40,
    routes: { veo: 'omni-1.2' },
  },
  {
    id: 'veo3-fast',
    name: 'Veo 3 Fast',
    vendor: 'Google',
    strength: { en: 'Veo with sound, quicker and cheaper', zh: '带声音的 Veo，更快更省' },
    inputs: { ...TEXT_AND_IMAGE, negative_prompt: true, seed: true },
    outputs: { durations: [4, 6, 8], aspect_ratios: [...BOTH_RATIOS], resolutions: ['720p', '1080p'], audio: true },
    edits: false,
    extends: false,
    // fal.ai: $0.15 a second with audio.
    price: { per: 'second', credits: { '720p': 6, '1080p': 6 } },
    typical_wait_s: 60,
    routes: { fal: { text: 'fal-ai/veo3/fast', image: 'fal-ai/veo3/fast/image-to-video' } },
  },
];

/** Other vendors' models, through fal.ai. */
const FAL: CatalogueEntry[] = [
  {
    id: 'kling-2.5-turbo',
    name: 'Kling 2.5 Turbo Pro',
    vendor: 'Kuaishou',
    strength: { en: 'Fast, fluid motion and camera moves', zh: '速度快，动作与运镜流畅' },
    inputs: { ...TEXT_AND_IMAGE, negative_prompt: true, seed: false },
    outputs: { durations: [5, 10], aspect_ratios: [...BOTH_RATIOS], resolutions: ['1080p'], audio: false },
    edits: false,
    extends: false,
    // $0.35 for 5 s, $0.07 each second more.
    price: { per: 'second', credits: { '1080p': 3 } },
    typical_wait_s: 90,
    routes: {
      fal: {
        text: 'fal-ai/kling-video/v2.5-turbo/pro/text-to-video',
        image: 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video',
      },
    },
  },
  {
    id: 'kling-2.1-master',
    name: 'Kling 2.1 Master',
    vendor: 'Kuaishou',
    strength: { en: 'Top Kling quality, strong prompt following', zh: 'Kling 顶级画质，贴合提示词' },
    inputs: { ...TEXT_AND_IMAGE, negative_prompt: true, seed: false },
    outputs: { durations: [5, 10], aspect_ratios: [...BOTH_RATIOS], resolutions: ['1080p'], audio: false },
    edits: false,
    extends: false,
    // $1.40 for 5 s, $0.28 each second more.
    price: { per: 'second', credits: { '1080p': 12 } },
    typical_wait_s: 240,
    routes: {
      fal: {
        text: 'fal-ai/kling-video/v2.1/master/text-to-video',
        image: 'fal-ai/kling-video/v2.1/master/image-to-video',
      },
    },
  },
  {
    id: 'kling-2.1-standard',
    name: 'Kling 2.1 Standard',
    vendor: 'Kuaishou',
    strength: { en: 'Budget photo animation', zh: '低价照片动画' },
    inputs: {
      text: false,
      first_frame: true,
      last_frame: false,
      reference_images: 0,
      negative_prompt: false,
      seed: false,
    },
    outputs: { durations: [5, 10], aspect_ratios: [...BOTH_RATIOS], resolutions: ['720p'], audio: false },
    edits: false,
    extends: false,
    // $0.28 for 5 s, $0.056 each second more.
    price: { per: 'second', credits: { '720p': 3 } },
    typical_wait_s: 120,
    routes: { fal: { image: 'fal-ai/kling-video/v2.1/standard/image-to-video' } },
  },
  {
    id: 'hailuo-02-standard',
    name: 'Hailuo 02 Standard',
    vendor: 'MiniMax',
    strength: { en: 'Real-world physics at a low price', zh: '物理效果真实，价格低' },
    inputs: { ...TEXT_AND_IMAGE, last_frame: true, negative_prompt: false, seed: false },
    outputs: { durations: [6, 10], aspect_ratios: ['16:9'], resolutions: ['720p'], audio: false },
    edits: false,
    extends: false,
    // 768p at $0.045 a second.
    price: { per: 'second', credits: { '720p': 2 } },
    typical_wait_s: 150,
    routes: {
      fal: {
        text: 'fal-ai/minimax/hailuo-02/standard/text-to-video',
        image: 'fal-ai/minimax/hailuo-02/standard/image-to-video',
      },
    },
  },
  {
    id: 'hailuo-02-pro',
    name: 'Hailuo 02 Pro',
    vendor: 'MiniMax',
    strength: { en: 'Crisp 1080p with lifelike physics', zh: '1080p 清晰，物理逼真' },
    inputs: { ...TEXT_AND_IMAGE, last_frame: true, negative_prompt: false, seed: false },
    outputs: { durations: [6], aspect_ratios: ['16:9'], resolutions: ['1080p'], audio: false },
    edits: false,
    extends: false,
    // $0.08 a second.
    price: { per: 'second', credits: { '1080p': 4 } },
    typical_wait_s: 240,
    routes: {
      fal: {
        text: 'fal-ai/minimax/hailuo-02/pro/text-to-video',
        image: 'fal-ai/minimax/hailuo-02/pro/image-to-video',
      },
    },
  },
  {
    id: 'seedance-1-pro',
    name: 'Seedance 1.0 Pro',
    vendor: 'ByteDance',
    strength: { en: 'Multi-shot stories, steady and sharp', zh: '多镜头叙事，稳定清晰' },
    inputs: { ...TEXT_AND_IMAGE, last_frame: true, negative_prompt: false, seed: true },
    outputs: {
      durations: [5, 10],
      aspect_ratios: [...BOTH_RATIOS],
      resolutions: ['480p', '720p', '1080p'],
      audio: false,
    },
    edits: false,
    extends: false,
    // $2.50 a million video tokens (height × width × 24 fps × seconds / 1024): about $0.62 for 5 s
    // at 1080p, $0.27 at 720p, $0.12 at 480p.
    price: { per: 'second', credits: { '480p': 1, '720p': 3, '1080p': 5 } },
    typical_wait_s: 80,
    routes: {
      fal: {
        text: 'fal-ai/bytedance/seedance/v1/pro/text-to-video',
        image: 'fal-ai/bytedance/seedance/v1/pro/image-to-video',
      },
    },
  },
  {
    id: 'seedance-1-lite',
    name: 'Seedance 1.0 Lite',
    vendor: 'ByteDance',
    strength: { en: 'Quick, cheap drafts of an idea', zh: '快速低价出样片' },
    inputs: { ...TEXT_AND_IMAGE, last_frame: true, negative_prompt: false, seed: true },
    outputs: { durations: [5, 10], aspect_ratios: [...BOTH_RATIOS], resolutions: ['480p', '720p'], audio: false },
    edits: false,
    extends: false,
    // $0.18 for 5 s at 720p; $1.80 a million video tokens.
    price: { per: 'second', credits: { '480p': 1, '720p': 2 } },
    typical_wait_s: 45,
    routes: {
      fal: {
        text: 'fal-ai/bytedance/seedance/v1/lite/text-to-video',
        image: 'fal-ai/bytedance/seedance/v1/lite/image-to-video',
      },
    },
  },
  {
    id: 'wan-2.5',
    name: 'Wan 2.5',
    vendor: 'Alibaba',
    strength: { en: 'Open model with sound, up to 1080p', zh: '开源模型，带声音，最高 1080p' },
    inputs: { ...TEXT_AND_IMAGE, negative_prompt: true, seed: true },
    // Its text-to-video makes no 480p, so neither tab offers it.
    outputs: { durations: [5, 10], aspect_ratios: [...BOTH_RATIOS], resolutions: ['720p', '1080p'], audio: true },
    edits: false,
    extends: false,
    // $0.10 and $0.15 a second.
    price: { per: 'second', credits: { '720p': 4, '1080p': 6 } },
    typical_wait_s: 120,
    routes: { fal: { text: 'fal-ai/wan-25-preview/text-to-video', image: 'fal-ai/wan-25-preview/image-to-video' } },
  },
  {
    id: 'wan-2.2',
    name: 'Wan 2.2',
    vendor: 'Alibaba',
    strength: { en: 'Open model, cinematic looks, low price', zh: '开源模型，电影感，价格低' },
    inputs: { ...TEXT_AND_IMAGE, last_frame: true, negative_prompt: true, seed: true },
    outputs: { durations: [5], aspect_ratios: [...BOTH_RATIOS], resolutions: ['480p', '720p'], audio: false },
    edits: false,
    extends: false,
    // $0.04 a second at 480p, $0.08 at 720p.
    price: { per: 'second', credits: { '480p': 2, '720p': 4 } },
    typical_wait_s: 100,
    routes: { fal: { text: 'fal-ai/wan/v2.2-a14b/text-to-video', image: 'fal-ai/wan/v2.2-a14b/image-to-video' } },
  },
  {
    id: 'luma-ray-2',
    name: 'Luma Ray 2',
    vendor: 'Luma',
    strength: { en: 'Natural motion and lighting', zh: '动作与光影自然' },
    inputs: { ...TEXT_AND_IMAGE, last_frame: true, negative_prompt: false, seed: false },
    outputs: { durations: [5, 9], aspect_ratios: [...BOTH_RATIOS], resolutions: ['720p', '1080p'], audio: false },
    edits: false,
    extends: false,
    // $0.50 for 5 s at 540p; twice that at 720p, four times at 1080p; 9 s costs twice 5 s (priced here
    // by the 9 s second, the dearer one).
    price: { per: 'second', credits: { '720p': 9, '1080p': 18 } },
    typical_wait_s: 90,
    routes: {
      fal: { text: 'fal-ai/luma-dream-machine/ray-2', image: 'fal-ai/luma-dream-machine/ray-2/image-to-video' },
    },
  },
  {
    id: 'pixverse-5',
    name: 'PixVerse V5',
    vendor: 'PixVerse',
    strength: { en: 'Stylised clips for social media', zh: '风格化短片，适合社交媒体' },
    inputs: { ...TEXT_AND_IMAGE, negative_prompt: true, seed: true },
    // fal.ai makes 1080p in 5 s only; the catalogue prices lengths alike at each resolution, so 720p alone.
    outputs: { durations: [5, 8], aspect_ratios: [...BOTH_RATIOS], resolutions: ['720p'], audio: false },
    edits: false,
    extends: false,
    // $0.20 for 5 s at 720p.
    price: { per: 'second', credits: { '720p': 2 } },
    typical_wait_s: 45,
    routes: { fal: { text: 'fal-ai/pixverse/v5/text-to-video', image: 'fal-ai/pixverse/v5/image-to-video' } },
  },
];

/** Every model the site can offer, grouped by vendor in the order the picker shows them. */
export const DEFAULT_CATALOGUE: readonly CatalogueEntry[] = [...GOOGLE, ...FAL];
