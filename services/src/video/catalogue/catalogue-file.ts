import { readFileSync } from 'node:fs';
import { CatalogueModelSchema, modelCost, type CatalogueModel } from '@veo3/contracts/model-catalogue';
import { z } from 'zod';
import type { CatalogueEntry } from './catalogue-entry';
import { DEFAULT_CATALOGUE } from './default-catalogue';

/**
 * VIDEO_CATALOGUE_FILE: the operator's prices and offer, without a code change. JSON:
 * `{ "models": { "<id>": { "offered": false } | { "price": …, "name": …, … } }, "order": ["<id>", …] }`.
 * Every id must be a catalogue model's; a model left out keeps its defaults.
 */
const Override = CatalogueModelSchema.pick({
  name: true,
  strength: true,
  price: true,
  typical_wait_s: true,
})
  .partial()
  .extend({ offered: z.boolean().optional() })
  .strict();

const CatalogueFile = z.strictObject({
  models: z.record(z.string(), Override).default({}),
  /** The picker's order (ids); models not named follow in the default order. */
  order: z.array(z.string()).optional(),
});

/** Why `entry` after its override cannot be sold: a price for a resolution it does not make, or none for one it makes. */
function priceProblems(entry: CatalogueModel): string[] {
  const made = entry.outputs.resolutions;
  const priced = Object.keys(entry.price.credits);
  return [
    ...priced
      .filter((r) => !(made as string[]).includes(r))
      .map((r) => `price.credits.${r}: ${entry.name} makes no ${r} video`),
    ...made
      .filter((r) => modelCost(entry, r, 1) === null)
      .map((r) => `price.credits.${r}: required (${entry.name} makes ${r})`),
  ];
}

const where = (path: PropertyKey[]) => path.map(String).join('.');

/**
 * The catalogue: the defaults with the file's overrides (none without a file). Problems are
 * returned, each naming the file's setting, so boot refuses the file with all of them at once.
 */
export function loadCatalogue(path: string | undefined): { entries: CatalogueEntry[]; problems: string[] } {
  if (!path) return { entries: [...DEFAULT_CATALOGUE], problems: [] };
  const name = `VIDEO_CATALOGUE_FILE (${path})`;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { entries: [], problems: [`${name}: cannot be read as JSON: ${(error as Error).message}`] };
  }
  const parsed = CatalogueFile.safeParse(raw);
  if (!parsed.success) {
    return { entries: [], problems: parsed.error.issues.map((i) => `${name}: ${where(i.path)}: ${i.message}`) };
  }
  const known = new Map(DEFAULT_CATALOGUE.map((entry) => [entry.id, entry]));
  const problems: string[] = [];
  for (const id of [...Object.keys(parsed.data.models), ...(parsed.data.order ?? [])]) {
    if (!known.has(id)) problems.push(`${name}: unknown model id "${id}" (known: ${[...known.keys()].join(', ')})`);
  }
  if (problems.length) return { entries: [], problems };
  const order = [...new Set([...(parsed.data.order ?? []), ...known.keys()])];
  const entries: CatalogueEntry[] = [];
  for (const id of order) {
    const { offered, ...override } = parsed.data.models[id] ?? {};
    const entry = { ...known.get(id)!, ...override };
    problems.push(...priceProblems(entry).map((p) => `${name}: models.${id}.${p}`));
    if (offered !== false) entries.push(entry);
  }
  return { entries, problems };
}
