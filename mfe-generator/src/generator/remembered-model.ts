/** The model the user last chose on this device, so the generator opens on it next time. */
const MODEL_KEY = 'generatorModel';

export function rememberedModel(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(MODEL_KEY);
  } catch {
    // Storage may be refused (a private window): the tab's default is used.
    return null;
  }
}

export function rememberModel(modelId: string): void {
  try {
    localStorage.setItem(MODEL_KEY, modelId);
  } catch {
    // Not remembered: only the next visit's default is affected.
  }
}
