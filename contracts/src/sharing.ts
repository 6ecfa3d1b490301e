/** Shared videos: a finished version made public at `/v/<id>`, optionally offered to the gallery. */
import { z } from 'zod';

/** off: not offered to the gallery; listed: shown there; held: waiting for an admin's review; hidden: an admin hid it. */
export const GALLERY_STATES = ['off', 'listed', 'held', 'hidden'] as const;
export const GalleryState = z.enum(GALLERY_STATES);
export type GalleryState = z.infer<typeof GalleryState>;

/** A share id: 16 random bytes in base64url, so it tells nothing of the task or its owner. */
export const ShareId = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** The home page gallery's categories (its outside creators' posts use the same). */
export const GALLERY_CATEGORIES = ['animation', 'product', 'movie', 'talk show', 'other'] as const;
export const GalleryCategory = z.enum(GALLERY_CATEGORIES);
export type GalleryCategory = z.infer<typeof GalleryCategory>;
