/**
 * The one place that says which Veo model to prefer. Model ids come from the key's own list,
 * never from code: this only ranks what the list offers, by what the id says about the model.
 */

/** Our product sells videos with sound: Veo 3 is the first version that makes it. */
const MIN_MAJOR_VERSION = 3;

export type VeoVariant = 'quality' | 'fast' | 'lite';

export interface VeoModelName {
  id: string;
  /** 3.1 → [3, 1]. */
  version: [number, number];
  variant: VeoVariant;
  /** A numbered release (`-001`) rather than a preview, which Google retires sooner. */
  stable: boolean;
}

/** Reads `veo-3.1-fast-generate-001` and the like; null for anything else (including Veo 2, which has no sound). */
export function parseVeoModel(id: string): VeoModelName | null {
  const match = /^veo-(\d+)(?:\.(\d+))?-(?:(fast|lite)-)?generate-(preview|\d{3})$/.exec(id);
  if (!match) return null;
  const version: [number, number] = [Number(match[1]), Number(match[2] ?? 0)];
  if (version[0] < MIN_MAJOR_VERSION) return null;
  return { id, version, variant: (match[3] as VeoVariant | undefined) ?? 'quality', stable: match[4] !== 'preview' };
}

/** Text mode wants the best video; image mode (VEO_FAST_MODEL) wants the fast model of the same generation. */
const VARIANT_ORDER: Record<'quality' | 'fast', VeoVariant[]> = {
  quality: ['quality', 'fast', 'lite'],
  fast: ['fast', 'quality', 'lite'],
};

/** The ids that generate video with sound, best first: newest version, then the wanted variant, then stable over preview. */
export function rankVeoModels(ids: Iterable<string>, wanted: 'quality' | 'fast'): string[] {
  const order = VARIANT_ORDER[wanted];
  const models = [...ids].map(parseVeoModel).filter((m): m is VeoModelName => m !== null);
  models.sort(
    (a, b) =>
      b.version[0] - a.version[0] ||
      b.version[1] - a.version[1] ||
      order.indexOf(a.variant) - order.indexOf(b.variant) ||
      Number(b.stable) - Number(a.stable) ||
      a.id.localeCompare(b.id),
  );
  return models.map((m) => m.id);
}
