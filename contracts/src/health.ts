/** Health: liveness, readiness by role, and the service's own report. */
import { z } from 'zod';

/** GET /api/health/live. */
export const LiveReply = z.object({ status: z.literal('alive') });
export type LiveReply = z.infer<typeof LiveReply>;

export const PROCESS_ROLES = ['api', 'worker', 'web', 'all'] as const;
export const READINESS_CHECKS = ['draining', 'database', 'schema', 'queue', 'heartbeat', 'static-files'] as const;

/** GET /api/health/ready (503 with the error shape while not ready). */
export const ReadyReply = z.object({
  status: z.literal('ready'),
  role: z.enum(PROCESS_ROLES),
  checks: z.array(z.enum(READINESS_CHECKS)),
});
export type ReadyReply = z.infer<typeof ReadyReply>;

/** The video provider's state (services/src/video/video-availability.ts VideoHealth). */
export const VideoHealth = z.object({
  /** The first of `providers` (before several could serve at once, the one provider). */
  provider: z.string(),
  /** Every provider serving now, each with its last check. */
  providers: z.array(
    z.object({
      name: z.string(),
      checkedAt: z.iso.datetime().nullable(),
      lastError: z.object({ code: z.string(), message: z.string() }).nullable(),
    }),
  ),
  status: z.enum(['ok', 'degraded']),
  reason: z.string().nullable(),
  checkedAt: z.iso.datetime().nullable(),
  lastError: z.object({ code: z.string(), message: z.string() }).nullable(),
  models: z.record(
    z.string(),
    z.object({ available: z.boolean(), providerModel: z.string().nullable(), reason: z.string().nullable() }),
  ),
});
export type VideoHealth = z.infer<typeof VideoHealth>;

/** GET /api/health: `degraded` when video generation is refused for lack of a usable provider model. */
export const HealthReply = z.object({ status: z.enum(['ok', 'degraded']), video: VideoHealth });
export type HealthReply = z.infer<typeof HealthReply>;
