/** The generation models of SPEC §3; `id` is the apiPath the browser sends as `model`. */
export const VIDEO_MODELS = {
  veo3: { id: 'veo3', name: 'VEO 3 Text', mode: 'text', cost: 40 },
  'veo3-fast-frames': { id: 'veo3-fast-frames', name: 'VEO 3 Image', mode: 'image', cost: 40 },
} as const;

export type VideoModelId = keyof typeof VIDEO_MODELS;

export function findVideoModel(id: string): (typeof VIDEO_MODELS)[VideoModelId] | undefined {
  return Object.hasOwn(VIDEO_MODELS, id) ? VIDEO_MODELS[id as VideoModelId] : undefined;
}
