import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { CatalogueEntry } from './catalogue-entry';

/** The models on offer (the default catalogue with VIDEO_CATALOGUE_FILE's overrides), as checked at boot. */
@Injectable()
export class ModelCatalogue {
  private readonly byId: ReadonlyMap<string, CatalogueEntry>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.byId = new Map(config.video.catalogue.map((entry) => [entry.id, entry]));
  }

  /** In the picker's order. */
  all(): CatalogueEntry[] {
    return [...this.byId.values()];
  }

  find(id: string): CatalogueEntry | undefined {
    return this.byId.get(id);
  }
}
