import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

/** Every JSON (and form) body: sign-in, checkout, webhooks... are all far smaller. Multipart has its own limits. */
export const JSON_BODY_LIMIT = 100 * 1024;

/**
 * A larger body for one route. Nest's route decorators cannot set Fastify's route `bodyLimit`, so the
 * limit travels in the route's config and `registerRouteBodyLimits` applies it when the route is added.
 */
export const BodyLimit = (bytes: number) => RouteConfig({ bodyLimit: bytes });

/** Must run before the routes are registered (configureApp, before app.init). */
export function registerRouteBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const bytes = (route.config as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    if (typeof bytes === 'number') route.bodyLimit = bytes;
  });
}
