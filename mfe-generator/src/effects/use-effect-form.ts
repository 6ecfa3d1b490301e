import { useCallback, useEffect, useRef, useState } from 'react';
import type { Effect, EffectInput, EffectPhotoKey, EffectTextKey } from '@veo3/contracts/effects';
import type { EffectRequest } from '../api/effects-api';
import { useImageField, type ImageField } from '../generator/use-image-field';
import { keepEffectDraft, keptPhotoFile, takeEffectDraft, type KeptPhoto } from './effect-draft';
import { hasPeopleConsent, rememberPeopleConsent } from './people-consent';

/** Why Create was refused before sending, as an effects message key and the input it is about. */
export interface EffectIssue {
  key: 'photoRequired' | 'textRequired' | 'textTooLong' | 'consentRequired';
  /** The input to focus (none for the confirmation box). */
  input: EffectInput | null;
}

/** What came back from sign-in: the inputs, or the texts alone (the photos were too large to keep). */
export type RestoreNotice = 'restored' | 'photosDropped';

/** The first input `effect` refuses as filled, in the form's order; null when Create may send. */
export function checkEffectInputs(
  effect: Effect,
  texts: Partial<Record<EffectTextKey, string>>,
  photos: Partial<Record<EffectPhotoKey, File | null>>,
  consent: boolean,
): EffectIssue | null {
  // Photos cannot be added before the confirmation: that is what a missing one needs first.
  const locked = effect.people && !consent;
  for (const input of effect.inputs) {
    if (input.kind === 'photo' && input.required && !photos[input.key])
      return locked ? { key: 'consentRequired', input: null } : { key: 'photoRequired', input };
    if (input.kind === 'text') {
      const text = texts[input.key]?.trim() ?? '';
      if (input.required && !text) return { key: 'textRequired', input };
      if (text.length > input.max_length) return { key: 'textTooLong', input };
    }
  }
  const anyPhoto = effect.inputs.some((input) => input.kind === 'photo' && photos[input.key]);
  return locked && anyPhoto ? { key: 'consentRequired', input: null } : null;
}

/**
 * An effect's form: its texts and photos (each photo checked as the generator checks a picture),
 * the people-in-photos confirmation (once a session), and the inputs' trip through sign-in.
 */
export function useEffectForm(effect: Effect, sessionKnown: boolean) {
  const photo1 = useImageField();
  const photo2 = useImageField();
  const photos: Record<EffectPhotoKey, ImageField> = { photo_1: photo1, photo_2: photo2 };
  const [texts, setTexts] = useState<Partial<Record<EffectTextKey, string>>>({});
  const [consent, setConsent] = useState(false);
  const [issue, setIssue] = useState<EffectIssue | null>(null);
  const [notice, setNotice] = useState<RestoreNotice | null>(null);
  const taken = useRef(false);
  const files = { photo_1: photo1.file, photo_2: photo2.file };

  // Read after hydration (the server's page has no session storage), once the session is known.
  useEffect(() => {
    // oxlint-disable-next-line react/set-state-in-effect -- sessionStorage is read after hydration
    setConsent(hasPeopleConsent());
  }, []);

  const { pick: pick1 } = photo1;
  const { pick: pick2 } = photo2;
  useEffect(() => {
    if (!sessionKnown || taken.current) return;
    taken.current = true;
    const kept = takeEffectDraft(effect.slug);
    if (!kept) return;
    const keys = new Set(effect.inputs.map((input) => input.key));
    // oxlint-disable-next-line react/set-state-in-effect -- the kept draft is read once, after hydration
    setTexts(Object.fromEntries(Object.entries(kept.texts).filter(([key]) => keys.has(key as EffectTextKey))));
    const pickers = { photo_1: pick1, photo_2: pick2 };
    for (const [key, photo] of Object.entries(kept.photos) as [EffectPhotoKey, KeptPhoto][]) {
      const file = keys.has(key) ? keptPhotoFile(photo) : null;
      if (file) void pickers[key](file);
    }
    setNotice(kept.photosDropped ? 'photosDropped' : 'restored');
  }, [sessionKnown, effect, pick1, pick2]);

  const changeConsent = useCallback((given: boolean) => {
    rememberPeopleConsent(given);
    setConsent(given);
  }, []);

  const setText = useCallback((key: EffectTextKey, value: string) => {
    setTexts((current) => ({ ...current, [key]: value }));
  }, []);

  const validate = () => {
    const failed = checkEffectInputs(effect, texts, files, consent);
    setIssue(failed);
    return failed;
  };

  const request = (): EffectRequest => ({
    texts,
    photos: Object.fromEntries(Object.entries(files).filter(([, file]) => file)) as EffectRequest['photos'],
    peopleConsent: effect.people && consent,
  });

  return {
    photos,
    texts,
    setText,
    consent,
    changeConsent,
    issue,
    notice,
    dismissNotice: () => setNotice(null),
    validate,
    request,
    /** Keeps the inputs for the return from sign-in. */
    keep: () => keepEffectDraft(effect.slug, texts, files),
  };
}

export type EffectForm = ReturnType<typeof useEffectForm>;
