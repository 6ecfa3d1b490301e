/**
 * Effect templates: one-tap videos (a kiss from two photos, an ASMR clip from a word...). Visitors
 * read the published ones; a signed-in user makes one from the effect's own inputs; admins manage
 * them in the console. The prompt template is the service's and the console's only: a public reply
 * never carries it.
 */
import { z } from 'zod';
import { ASPECT_RATIOS, RESOLUTIONS } from './generation-options';
import { AdminReason } from './credits';
import { ok } from './envelope';

/** The categories of /video-effects' chips, in their order. */
export const EFFECT_CATEGORIES = [
  'interaction',
  'appearance',
  'emotions',
  'entertainment',
  'hero_villain',
  'horror_fantasy',
  'xmas',
  'others',
] as const;
export const EffectCategory = z.enum(EFFECT_CATEGORIES);
export type EffectCategory = z.infer<typeof EffectCategory>;

export const EFFECT_BADGES = ['hot', 'new'] as const;
export const EffectBadge = z.enum(EFFECT_BADGES);
export type EffectBadge = z.infer<typeof EffectBadge>;

/** An effect's address: /effects/<slug>. */
export const EFFECT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const EFFECT_SLUG_MAX = 60;

/**
 * The inputs an effect may ask for, by their fixed keys (also their form fields): up to two photos
 * and up to two short texts. A template names a text as `{{text_1}}`.
 */
export const EFFECT_PHOTO_KEYS = ['photo_1', 'photo_2'] as const;
export const EFFECT_TEXT_KEYS = ['text_1', 'text_2'] as const;
export type EffectPhotoKey = (typeof EFFECT_PHOTO_KEYS)[number];
export type EffectTextKey = (typeof EFFECT_TEXT_KEYS)[number];

/** The longest text input an effect may allow. */
export const EFFECT_TEXT_MAX = 120;
/** The longest prompt template. */
export const EFFECT_TEMPLATE_MAX = 2_000;
/** The highest price an effect may have, in credits. */
export const EFFECT_PRICE_MAX = 10_000;

/** A text in each of the site's languages. */
export const EffectText = z.object({
  en: z.string().trim().min(1).max(200),
  'zh-CN': z.string().trim().min(1).max(200),
});
export type EffectText = z.infer<typeof EffectText>;

/** Longer text (the description and FAQ answers). */
export const EffectLongText = z.object({
  en: z.string().trim().min(1).max(1_000),
  'zh-CN': z.string().trim().min(1).max(1_000),
});
export type EffectLongText = z.infer<typeof EffectLongText>;

export const EffectPhotoInput = z.object({
  key: z.enum(EFFECT_PHOTO_KEYS),
  kind: z.literal('photo'),
  label: EffectText,
  required: z.boolean(),
});
export const EffectTextInput = z.object({
  key: z.enum(EFFECT_TEXT_KEYS),
  kind: z.literal('text'),
  label: EffectText,
  required: z.boolean(),
  max_length: z.number().int().min(1).max(EFFECT_TEXT_MAX),
});
export const EffectInput = z.discriminatedUnion('kind', [EffectPhotoInput, EffectTextInput]);
export type EffectInput = z.infer<typeof EffectInput>;

export const EffectFaq = z.object({ question: EffectText, answer: EffectLongText });
export type EffectFaq = z.infer<typeof EffectFaq>;

/** What the model is asked for: the model and its settings (checked against the catalogue on save). */
export const EffectSettings = z.object({
  model: z.string().min(1).max(40),
  aspect_ratio: z.enum(ASPECT_RATIOS),
  resolution: z.enum(RESOLUTIONS),
  duration_s: z.number().int().min(1).max(60),
});
export type EffectSettings = z.infer<typeof EffectSettings>;

/** A published effect as the site shows it (no prompt template). */
export const Effect = z.object({
  slug: z.string(),
  category: EffectCategory,
  badge: EffectBadge.nullable(),
  name: EffectText,
  description: EffectLongText,
  inputs: z.array(EffectInput),
  faq: z.array(EffectFaq),
  /** Its photos show people: the user confirms they are adults who agreed (recorded with the task). */
  people: z.boolean(),
  price: z.number().int(),
  settings: EffectSettings,
  sample_url: z.string().nullable(),
  poster_url: z.string().nullable(),
});
export type Effect = z.infer<typeof Effect>;

/** GET /api/effects: the published effects in the console's order. */
export const EffectListReply = ok(z.object({ items: z.array(Effect) }));
export type EffectListReply = z.infer<typeof EffectListReply>;

export const EffectParamsSchema = z.object({ slug: z.string() });

/** GET /api/effects/:slug: a published effect. */
export const EffectReply = ok(Effect);
export type EffectReply = z.infer<typeof EffectReply>;

/**
 * POST /api/effects/:slug/generate (multipart): the effect's photos by their keys (files), its texts
 * by their keys, and `people_consent` ("yes") when the effect shows people. Answers as
 * POST /api/video/generate does (GenerateReply), with the Idempotency-Key header honoured.
 */
export const EffectGenerateFormSchema = z.object({
  text_1: z.string().optional(),
  text_2: z.string().optional(),
  people_consent: z.string().optional(),
});
export const EFFECT_GENERATE_FILES = EFFECT_PHOTO_KEYS;

/** `{{text_1}}`-style placeholders, as a template names its texts. */
const PLACEHOLDER = /\{\{\s*([a-z0-9_]+)\s*\}\}/g;

/** The input keys a template names, in order, each once. */
export function templateKeys(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/** The prompt sent for `template` filled with `values` (an absent optional text leaves nothing). */
export function fillEffectPrompt(template: string, values: Partial<Record<string, string>>): string {
  return template
    .replace(PLACEHOLDER, (_, key: string) => values[key]?.trim() ?? '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** An effect as an admin writes it (POST /api/admin/effects, PUT /api/admin/effects/:id). */
export const EffectDraftSchema = z.object({
  slug: z
    .string()
    .trim()
    .min(2)
    .max(EFFECT_SLUG_MAX)
    .regex(EFFECT_SLUG_PATTERN, 'slug is lower-case letters, digits and single hyphens'),
  category: EffectCategory,
  badge: EffectBadge.nullable(),
  name: EffectText,
  description: EffectLongText,
  inputs: z.array(EffectInput).min(1).max(4),
  faq: z.array(EffectFaq).max(8),
  people: z.boolean(),
  prompt_template: z.string().trim().min(10).max(EFFECT_TEMPLATE_MAX),
  price: z.number().int().min(1).max(EFFECT_PRICE_MAX),
  settings: EffectSettings,
  reason: AdminReason,
});
export type EffectDraft = z.infer<typeof EffectDraftSchema>;

export const AdminEffectParamsSchema = z.object({ id: z.string() });

/** POST /api/admin/effects/:id/publish and /unpublish. */
export const AdminEffectActionSchema = z.object({ reason: AdminReason });
export type AdminEffectAction = z.infer<typeof AdminEffectActionSchema>;

/** POST /api/admin/effects/reorder: every effect's id, in the new order. */
export const ReorderEffectsSchema = z.object({ ids: z.array(z.string()).min(1).max(500), reason: AdminReason });
export type ReorderEffectsBody = z.infer<typeof ReorderEffectsSchema>;

/** POST /api/admin/effects/:id/sample (multipart): the sample video (MP4 or WebM) and the reason. */
export const EFFECT_SAMPLE_FILE = 'video';
export const EFFECT_SAMPLE_MAX_BYTES = 30 * 1024 * 1024;
export const EffectSampleFormSchema = z.object({ reason: z.string() });

/** An effect as the console shows it: everything, the template included. */
export const AdminEffect = Effect.extend({
  id: z.string(),
  prompt_template: z.string(),
  position: z.number().int(),
  published: z.boolean(),
  updated_at: z.iso.datetime(),
});
export type AdminEffect = z.infer<typeof AdminEffect>;

/** GET /api/admin/effects: every effect, published or not, in order. */
export const AdminEffectListReply = ok(z.object({ items: z.array(AdminEffect) }));
export type AdminEffectListReply = z.infer<typeof AdminEffectListReply>;

export const AdminEffectReply = ok(AdminEffect);
export type AdminEffectReply = z.infer<typeof AdminEffectReply>;

/** What a task made from an effect says of it (history, status): the effect's page and name. */
export const TaskEffect = z.object({ slug: z.string(), name: EffectText });
export type TaskEffect = z.infer<typeof TaskEffect>;
