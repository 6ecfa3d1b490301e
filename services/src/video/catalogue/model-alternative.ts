import { defaultCost, modelTabs } from '@veo3/contracts/model-catalogue';
import type { CatalogueEntry } from './catalogue-entry';

/**
 * The available model nearest to `entry`, for a user who cannot have it now: one that serves each of
 * its tabs, of the same vendor where there is one, then the closest in price; null when none.
 */
export function nearestAlternative(
  entry: CatalogueEntry,
  candidates: readonly CatalogueEntry[],
  available: (id: string) => boolean,
): CatalogueEntry | null {
  const tabs = modelTabs(entry);
  const price = defaultCost(entry);
  const fits = candidates.filter(
    (other) => other.id !== entry.id && available(other.id) && tabs.every((tab) => modelTabs(other).includes(tab)),
  );
  fits.sort(
    (a, b) =>
      Number(b.vendor === entry.vendor) - Number(a.vendor === entry.vendor) ||
      Math.abs(defaultCost(a) - price) - Math.abs(defaultCost(b) - price),
  );
  return fits[0] ?? null;
}
