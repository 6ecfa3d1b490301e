import { Injectable } from '@nestjs/common';

/**
 * STAND-IN, owned by the "gallery" branch (docs: /work/shared-notes/share-gallery-interface.md): the
 * gallery's automatic check of an offered video. The gallery's version checks its word list, the
 * provider's safety result and bans; at merge its file replaces this one.
 */
@Injectable()
export class GalleryScreen {
  verdict(_userId: string, _prompt: string): Promise<{ state: 'listed' | 'held'; reason: string | null }> {
    return Promise.resolve({ state: 'listed', reason: null });
  }
}
