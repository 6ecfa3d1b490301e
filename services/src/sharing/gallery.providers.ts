import type { Provider, Type } from '@nestjs/common';
import { GalleryScreen } from './gallery-screen';

/**
 * STAND-IN, owned by the "gallery" branch: the gallery's providers and controllers, which
 * sharing.module.ts spreads into its own. At merge the gallery's file replaces this one.
 */
export const GALLERY_PROVIDERS: Provider[] = [GalleryScreen];
export const GALLERY_CONTROLLERS: Type[] = [];
