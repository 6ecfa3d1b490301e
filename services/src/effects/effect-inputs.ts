import {
  EFFECT_PHOTO_KEYS,
  EFFECT_TEXT_KEYS,
  type EffectInput,
  type EffectPhotoKey,
  type EffectTextKey,
} from '@veo3/contracts/effects';
import type { UploadedFile } from '../video/uploaded-file';
import { badInput, EffectsErrorCode, EffectsException } from './effects.exception';

/** A generation's form as read (effect-form.ts), before its checks. */
export interface EffectForm {
  texts: Partial<Record<EffectTextKey, string>>;
  photos: Partial<Record<EffectPhotoKey, UploadedFile>>;
  peopleConsent?: string;
  /** Fields sent that no effect takes, by their names. */
  unknown: string[];
  /** The Idempotency-Key header, when the client sent one. */
  clientKey: string | null;
}

/** The inputs that passed: the trimmed texts given and the photos given. */
export interface CheckedInputs {
  texts: Partial<Record<EffectTextKey, string>>;
  photos: Partial<Record<EffectPhotoKey, UploadedFile>>;
}

const CONSENT_REFUSED =
  'Please confirm that everyone in your photos is an adult who agreed to be in this video. No credits were taken.';

/**
 * The form against the effect's inputs, in the spec's order: each required input given, each text
 * within its length, no field the effect does not take, and, for an effect showing people with a
 * photo sent, `people_consent=yes`. The photos themselves are checked next by the generator.
 */
export function checkEffectInputs(inputs: EffectInput[], people: boolean, form: EffectForm): CheckedInputs {
  const texts: CheckedInputs['texts'] = {};
  for (const input of inputs) {
    const given = input.kind === 'photo' ? form.photos[input.key] : form.texts[input.key]?.trim();
    if (input.required && !given) throw badInput(`Please add ${input.label.en.toLowerCase()} (${input.key}).`);
    if (input.kind !== 'text' || !given) continue;
    const text = given as string;
    if (text.length > input.max_length) {
      throw badInput(`${input.label.en} is too long: at most ${input.max_length} characters.`);
    }
    texts[input.key] = text;
  }
  const declared = new Set(inputs.map((input) => input.key as string));
  const sent = [
    ...form.unknown,
    ...EFFECT_TEXT_KEYS.filter((key) => form.texts[key]?.trim()),
    ...EFFECT_PHOTO_KEYS.filter((key) => form.photos[key]),
  ];
  const extra = sent.find((name) => !declared.has(name));
  if (extra) throw badInput(unexpected(extra, inputs));
  const photos = Object.fromEntries(EFFECT_PHOTO_KEYS.filter((k) => form.photos[k]).map((k) => [k, form.photos[k]]));
  if (people && Object.keys(photos).length && form.peopleConsent?.trim() !== 'yes') {
    throw new EffectsException(EffectsErrorCode.ConsentRequired, CONSENT_REFUSED);
  }
  return { texts, photos };
}

/** Why a field was refused, naming what the effect does take. */
function unexpected(name: string, inputs: EffectInput[]): string {
  const photo = (EFFECT_PHOTO_KEYS as readonly string[]).includes(name);
  if (photo && !inputs.some((input) => input.kind === 'photo')) return 'This effect takes no photos.';
  return `This effect does not take "${name}". It takes: ${inputs.map((input) => input.key).join(', ')}.`;
}

/** What the task shows its owner in place of a prompt: the effect's name and the user's words ("Xmas Wish — Anna"). */
export function effectTitle(name: string, texts: CheckedInputs['texts']): string {
  const words = EFFECT_TEXT_KEYS.map((key) => texts[key]).filter(Boolean);
  return words.length ? `${name} — ${words.join(', ')}` : name;
}
