import type { ProviderName } from '@veo3/contracts/model-catalogue';
import type { CatalogueEntry } from '../catalogue/catalogue-entry';
import type { VideoProvider } from './video-provider';

/**
 * The providers serving at once (VIDEO_PROVIDERS), each its own catalogue models. A model goes to
 * the first provider that serves it and has a model for it now; the local renderer serves only
 * models no other provider here serves, so a vendor's outage never turns into a made-up video.
 */
export class VideoProviders {
  constructor(readonly list: readonly VideoProvider[]) {}

  get(name: string): VideoProvider | undefined {
    return this.list.find((provider) => provider.name === name);
  }

  /** The providers that may serve `entry`, in order; empty: the model is not offered here. */
  candidates(entry: CatalogueEntry): VideoProvider[] {
    const real = this.list.filter((provider) => provider.name !== 'local' && provider.serves(entry));
    return real.length ? real : this.list.filter((provider) => provider.name === 'local');
  }

  names(): ProviderName[] {
    return this.list.map((provider) => provider.name);
  }
}
