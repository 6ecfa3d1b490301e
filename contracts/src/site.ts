/** The site's one JSON route outside /api: the current remote map. */
import { z } from 'zod';
import { REMOTE_NAMES } from './runtime-config';

/** GET /remote-map.json: each remote's manifest URL (root-relative when this process serves it). */
export const RemoteMapReply = z.record(z.enum(REMOTE_NAMES), z.string());
export type RemoteMapReply = z.infer<typeof RemoteMapReply>;
