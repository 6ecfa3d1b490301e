import {
  EFFECT_PHOTO_KEYS,
  EFFECT_TEXT_KEYS,
  EffectDraftSchema,
  templateKeys,
  type AdminEffect,
  type EffectBadge,
  type EffectCategory,
  type EffectDraft,
  type EffectInput,
  type EffectText,
} from '@veo3/contracts/effects';

/** An input as the editor holds it: the max length as typed. */
export type InputForm = Omit<EffectInput, 'max_length'> & { max_length: string };

/** The editor's fields: numbers as typed, the badge '' for none. */
export interface EffectForm {
  slug: string;
  category: EffectCategory;
  badge: '' | EffectBadge;
  name: EffectText;
  description: EffectText;
  inputs: InputForm[];
  faq: { question: EffectText; answer: EffectText }[];
  people: boolean;
  model: string;
  aspect_ratio: string;
  resolution: string;
  duration_s: string;
  price: string;
  prompt_template: string;
  reason: string;
}

export const emptyText = (): EffectText => ({ en: '', 'zh-CN': '' });

/** A new effect starts with one photo; an effect being edited with what it has (the reason always empty). */
export function formOf(effect?: AdminEffect): EffectForm {
  if (!effect)
    return {
      slug: '',
      category: 'interaction',
      badge: '',
      name: emptyText(),
      description: emptyText(),
      inputs: [newInput('photo_1')],
      faq: [],
      people: false,
      model: '',
      aspect_ratio: '',
      resolution: '',
      duration_s: '',
      price: '',
      prompt_template: '',
      reason: '',
    };
  return {
    slug: effect.slug,
    category: effect.category,
    badge: effect.badge ?? '',
    name: { ...effect.name },
    description: { ...effect.description },
    inputs: effect.inputs.map((input) => ({
      ...input,
      label: { ...input.label },
      max_length: input.kind === 'text' ? String(input.max_length) : '',
    })),
    faq: effect.faq.map((entry) => ({ question: { ...entry.question }, answer: { ...entry.answer } })),
    people: effect.people,
    model: effect.settings.model,
    aspect_ratio: effect.settings.aspect_ratio,
    resolution: effect.settings.resolution,
    duration_s: String(effect.settings.duration_s),
    price: String(effect.price),
    prompt_template: effect.prompt_template,
    reason: '',
  };
}

type InputKey = InputForm['key'];
const INPUT_ORDER: readonly InputKey[] = [...EFFECT_PHOTO_KEYS, ...EFFECT_TEXT_KEYS];
const isPhotoKey = (key: InputKey) => (EFFECT_PHOTO_KEYS as readonly string[]).includes(key);

function newInput(key: InputKey): InputForm {
  return isPhotoKey(key)
    ? { key, kind: 'photo', label: emptyText(), required: true, max_length: '' }
    : { key, kind: 'text', label: emptyText(), required: true, max_length: '40' };
}

/** The first free slot of `kind` (photo_1 before photo_2), or null when both are taken. */
export function freeKey(inputs: InputForm[], kind: 'photo' | 'text'): InputKey | null {
  const keys = kind === 'photo' ? EFFECT_PHOTO_KEYS : EFFECT_TEXT_KEYS;
  return keys.find((key) => !inputs.some((input) => input.key === key)) ?? null;
}

/** Adds an input in its slot; photos first, then texts, each by slot. */
export function addInput(inputs: InputForm[], kind: 'photo' | 'text'): InputForm[] {
  const key = freeKey(inputs, kind);
  if (!key) return inputs;
  return [...inputs, newInput(key)].sort((a, b) => INPUT_ORDER.indexOf(a.key) - INPUT_ORDER.indexOf(b.key));
}

/** The placeholders of the template that are not one of the effect's texts (photos are not text either). */
export function undeclaredKeys(template: string, inputs: InputForm[]): string[] {
  const texts = new Set(inputs.filter((input) => input.kind === 'text').map((input) => input.key as string));
  return templateKeys(template).filter((key) => !texts.has(key));
}

/** What a wrong field says, by the field's path. */
export type FieldErrorKey =
  | 'slugInvalid'
  | 'textInvalid'
  | 'longTextInvalid'
  | 'inputsInvalid'
  | 'maxLengthInvalid'
  | 'templateInvalid'
  | 'priceInvalid'
  | 'settingsInvalid'
  | 'reasonInvalid';
export type FieldErrors = Partial<Record<string, FieldErrorKey>>;

function errorKeyOf(path: readonly PropertyKey[]): FieldErrorKey {
  const [field, , part] = path;
  if (field === 'slug') return 'slugInvalid';
  if (field === 'description' || (field === 'faq' && part === 'answer')) return 'longTextInvalid';
  if (field === 'inputs')
    return path.length === 1 ? 'inputsInvalid' : part === 'max_length' ? 'maxLengthInvalid' : 'textInvalid';
  if (field === 'prompt_template') return 'templateInvalid';
  if (field === 'price') return 'priceInvalid';
  if (field === 'settings') return 'settingsInvalid';
  if (field === 'reason') return 'reasonInvalid';
  return 'textInvalid';
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The body to send, or the errors by field path ('name.en', 'inputs.1.max_length', 'settings'...). */
export function draftOf(
  form: EffectForm,
): { draft: EffectDraft; errors?: never } | { draft?: never; errors: FieldErrors } {
  const candidate = {
    slug: form.slug,
    category: form.category,
    badge: form.badge || null,
    name: form.name,
    description: form.description,
    inputs: form.inputs.map(({ max_length, ...input }) =>
      input.kind === 'text' ? { ...input, max_length: numberOf(max_length) } : input,
    ),
    faq: form.faq,
    people: form.people,
    prompt_template: form.prompt_template,
    price: numberOf(form.price),
    settings: {
      model: form.model,
      aspect_ratio: form.aspect_ratio,
      resolution: form.resolution,
      duration_s: numberOf(form.duration_s),
    },
    reason: form.reason,
  };
  const parsed = EffectDraftSchema.safeParse(candidate);
  if (parsed.success) return { draft: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const at = issue.path[0] === 'settings' ? 'settings' : issue.path.map(String).join('.');
    errors[at] ??= errorKeyOf(issue.path);
  }
  return { errors };
}
