import type { CatalogueModel } from '@veo3/contracts/model-catalogue';

/** Gemini's discovery slots: which of the key's listed models serves the entry (ARCHITECTURE §6). */
export type GoogleSlot = 'veo' | 'veo-fast' | 'omni' | 'omni-1.2';

/** How each of our providers reaches a model; a provider without a route here does not serve it. */
export interface ModelRoutes {
  /** Google's own API: the discovery slot. */
  veo?: GoogleSlot;
  /** kie.ai's model name. */
  kie?: string;
  /** fal.ai's endpoint ids, one per tab the model serves there. */
  fal?: { text?: string; image?: string };
}

/** A catalogue model and, for the service tier only, its routes. */
export interface CatalogueEntry extends CatalogueModel {
  routes: ModelRoutes;
}
