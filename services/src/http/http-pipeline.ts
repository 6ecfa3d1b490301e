import type { INestApplicationContext } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { BlogService } from '../blog/blog.service';
import { requestLogOf } from '../common/request-log';
import { registerHttpMetrics } from './http-metrics';
import { MetricsService } from '../metrics/metrics.service';
import { registerApiNotFound } from './api-not-found';
import { registerRouteBodyLimits } from './body-limit';
import type { AppConfig } from '../config/app-config';
import { SchemaGate } from '../database/schema-gate';
import { registerSchemaGate } from './schema-gate-hook';
import { registerRoleGate } from './role-gate';
import { registerApiNoStore } from './api-cache-control';
import { registerBlogFastPath } from './blog-fast-path';
import { registerContractCheck } from './contract-check';
import { registerDirectRoutes } from './direct-route';
import { registerSecurityHeaders } from './security-headers';
import { registerRequestTracing } from './request-tracing';
import { tracingOn } from '../telemetry/tracing';

/** What a step registers with: the Fastify instance, the Nest app (not yet initialised) and the config. */
export interface HttpPipelineContext {
  fastify: FastifyInstance;
  app: INestApplicationContext;
  config: AppConfig;
}

export interface HttpPipelineStep {
  name: string;
  /** The Fastify hook it adds (`route` for a route of its own). */
  phase: 'onRoute' | 'onRequest' | 'onSend' | 'route';
  /** What it does, and why it sits where it does. */
  job: string;
  /** Adds the hook; may return a check to run once the app is initialised. */
  register(context: HttpPipelineContext): void | (() => void);
}

/**
 * The service tier's own Fastify hooks, in registration order. Fastify runs hooks of one phase in
 * the order they were added, so the order here is behaviour: an early answer (role gate, schema
 * gate, blog fast path) only carries the headers of the hooks before it. http-pipeline.spec pins
 * the order; docs/ARCHITECTURE.md §10 has it as a table.
 */
export const HTTP_PIPELINE: readonly HttpPipelineStep[] = [
  {
    name: 'http-metrics',
    phase: 'onRequest',
    job: 'counts and times every reply by route pattern (not with METRICS_PORT=off): started here, first, so replies sent by any later hook are counted; ended by the request log',
    register: ({ fastify, app, config }) => {
      if (config.metricsPort !== null) registerHttpMetrics(fastify, app.get(MetricsService), requestLogOf(fastify));
    },
  },
  {
    name: 'request-tracing',
    phase: 'onRequest',
    job: 'the request’s server span, named by its route pattern, around the rest of the lifecycle, its ids for the log line (only with tracing on, OTEL_*)',
    register: ({ fastify, config }) => {
      if (tracingOn()) registerRequestTracing(fastify, config.trustProxy);
    },
  },
  {
    name: 'body-limits',
    phase: 'onRoute',
    job: 'applies a route’s @BodyLimit as it is registered',
    register: ({ fastify }) => registerRouteBodyLimits(fastify),
  },
  {
    name: 'direct-routes',
    phase: 'onRoute',
    job: 'swaps in the direct handler of each @DirectRoute GET; after init, fails the boot if one was never registered',
    register: ({ fastify, app }) => registerDirectRoutes(fastify, app),
  },
  {
    name: 'security-headers',
    phase: 'onRequest',
    job: 'sets the security headers (computed once at boot) on every reply, before anything can answer',
    register: ({ fastify, config }) => registerSecurityHeaders(fastify, config),
  },
  {
    name: 'api-no-store',
    phase: 'onSend',
    job: 'Cache-Control: no-store on /api and /v1 replies that set none, including replies sent from a hook',
    register: ({ fastify }) => registerApiNoStore(fastify),
  },
  {
    name: 'contract-check',
    phase: 'onSend',
    job: 'only with CONTRACT_CHECK=1 (tests, never production): every /api reply checked against API_ROUTES, every /v1 reply against V1_ROUTES; a mismatch becomes a 500 CONTRACT_VIOLATION and a "contract violation" error log',
    register: ({ fastify, config }) => {
      if (config.contractCheck) registerContractCheck(fastify);
    },
  },
  {
    name: 'api-not-found',
    phase: 'route',
    job: 'GET /api/* of an unknown path: the JSON 404 straight from the router',
    register: ({ fastify }) => registerApiNotFound(fastify),
  },
  {
    name: 'role-gate',
    phase: 'onRequest',
    job: 'a route this process’s ROLE does not serve answers 404; before the fast path, after the security headers',
    register: ({ fastify, config }) => registerRoleGate(fastify, config.role),
  },
  {
    name: 'schema-gate',
    phase: 'onRequest',
    job: 'while the database schema is older than the code, everything but /api/health* answers 503; before the fast path',
    register: ({ fastify, app }) => registerSchemaGate(fastify, app.get(SchemaGate)),
  },
  {
    name: 'blog-fast-path',
    phase: 'onRequest',
    job: 'answers repeat public blog reads from the blog cache before routing (not in a worker); last, so the gates and headers apply',
    register: ({ fastify, app, config }) => {
      if (config.role !== 'worker') registerBlogFastPath(fastify, app.get(BlogService));
    },
  },
];

/**
 * Registers HTTP_PIPELINE in its order. Call before app.init(); call the function it returns after
 * it (the checks that need the routes registered).
 */
export function registerHttpPipeline(context: HttpPipelineContext): () => void {
  const checks: (() => void)[] = [];
  for (const step of HTTP_PIPELINE) {
    const check = step.register(context);
    if (check) checks.push(check);
  }
  return () => {
    for (const check of checks) check();
  };
}
