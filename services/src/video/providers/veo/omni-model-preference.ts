/**
 * Which Gemini Omni Flash model to prefer. Omni is listed by `models.list` with generateContent
 * (it is served only through the Interactions API), so it is recognised by its name.
 */

export interface OmniModelName {
  id: string;
  /** 1.1 → [1, 1]; the first preview, `gemini-omni-flash-preview`, counts as 1.0. */
  version: [number, number];
  /** Generally available rather than a preview, which Google retires sooner. */
  stable: boolean;
}

/** Reads `gemini-omni-1.1-flash`, `gemini-omni-1.2-flash-preview`, `gemini-omni-flash-preview`; null for anything else. */
export function parseOmniModel(id: string): OmniModelName | null {
  const match = /^gemini-omni-(?:(\d+)\.(\d+)-)?flash(-preview)?$/.exec(id);
  if (!match) return null;
  return { id, version: [Number(match[1] ?? 1), Number(match[2] ?? 0)], stable: !match[3] };
}

/** The Omni ids, best first: newest version, then generally available over preview. */
export function rankOmniModels(ids: Iterable<string>): string[] {
  const models = [...ids].map(parseOmniModel).filter((m): m is OmniModelName => m !== null);
  models.sort(
    (a, b) =>
      b.version[0] - a.version[0] ||
      b.version[1] - a.version[1] ||
      Number(b.stable) - Number(a.stable) ||
      a.id.localeCompare(b.id),
  );
  return models.map((m) => m.id);
}
