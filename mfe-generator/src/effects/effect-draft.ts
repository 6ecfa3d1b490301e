import type { EffectPhotoKey, EffectTextKey } from '@veo3/contracts/effects';
import { keepDraft, takeDraft } from '@veo3/platform/session/draft-store';

/** The draft-store key of an effect's inputs across sign-in. */
const draftKey = (slug: string) => `effect:${slug}`;

export interface KeptPhoto {
  name: string;
  type: string;
  /** The picture as a data URL (sessionStorage holds text only). */
  data: string;
}

export interface EffectDraft {
  texts: Partial<Record<EffectTextKey, string>>;
  photos: Partial<Record<EffectPhotoKey, KeptPhoto>>;
  /** The photos were too large for sessionStorage: only the texts came back. */
  photosDropped: boolean;
}

function dataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * Keeps an effect's inputs for the visitor's return from sign-in: texts and photos, or the texts
 * alone (saying so on return) when the photos do not fit in sessionStorage.
 */
export async function keepEffectDraft(
  slug: string,
  texts: EffectDraft['texts'],
  files: Partial<Record<EffectPhotoKey, File | null>>,
): Promise<void> {
  const photos: EffectDraft['photos'] = {};
  try {
    for (const [key, file] of Object.entries(files) as [EffectPhotoKey, File | null][]) {
      if (file) photos[key] = { name: file.name, type: file.type, data: await dataUrl(file) };
    }
  } catch {
    return void keepDraft(draftKey(slug), { texts, photos: {}, photosDropped: true } satisfies EffectDraft);
  }
  const hadPhotos = Object.keys(photos).length > 0;
  if (keepDraft(draftKey(slug), { texts, photos, photosDropped: false } satisfies EffectDraft)) return;
  keepDraft(draftKey(slug), { texts, photos: {}, photosDropped: hadPhotos } satisfies EffectDraft);
}

/** The photo a kept data URL holds, as a file again; null when it is not a base64 data URL. */
export function keptPhotoFile(photo: KeptPhoto): File | null {
  const base64 = /^data:[^;,]*;base64,(.*)$/.exec(photo.data)?.[1];
  if (base64 === undefined) return null;
  try {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return new File([bytes], photo.name, { type: photo.type });
  } catch {
    return null;
  }
}

/** The inputs kept for `slug`, removed as they are read; null when none. */
export function takeEffectDraft(slug: string): EffectDraft | null {
  const kept = takeDraft<Partial<EffectDraft>>(draftKey(slug));
  if (!kept || typeof kept !== 'object') return null;
  return {
    texts: typeof kept.texts === 'object' && kept.texts ? kept.texts : {},
    photos: typeof kept.photos === 'object' && kept.photos ? kept.photos : {},
    photosDropped: kept.photosDropped === true,
  };
}
