import 'reflect-metadata';
import multipart from '@fastify/multipart';
import { MAX_IMAGE_BYTES } from '@veo3/contracts/generation-options';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors';
import { JSON_BODY_LIMIT } from './http/body-limit';
import { loggerOptions, requestIds, withRequestLog } from './common/request-log';
import { NestPinoLogger } from './common/nest-logger';
import { StandardSchemaValidationPipe } from '@nestjs/common';
import { registerStaticSite } from './site/site-static';
import { securityHeaders } from './http/security-headers';
import { registerHttpPipeline } from './http/http-pipeline';
import { fillOpenApiFromContract } from './http/openapi-contract';
import { ProblemDetailsFilter } from './public-api/problem-details.filter';
import { servesApi, servesPages } from './roles/process-role';
import { useFfmpegBinary } from './video/ffmpeg.runner';

/** A hop count trusts that many proxies from the server outwards (what Fastify itself does with a number). */
function trustedProxies(
  trust: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Node looks for stalled requests this often (its default is 30 s): a request is cut within 1.25× its timeout. */
const stalledRequestCheckMs = (timeoutMs: number) => Math.min(30_000, Math.max(100, Math.round(timeoutMs / 4)));

export function createAdapter(config: AppConfig): FastifyAdapter {
  // Structured JSON logs from Fastify's pino logger, one line per request; the metrics count there too.
  const { options, requestLog } = loggerOptions(config.logLevel, config.metricsPort !== null);
  const adapter = new FastifyAdapter({
    ...options,
    trustProxy: trustedProxies(config.trustProxy),
    genReqId: requestIds(config.trustProxy !== false),
    // Routes that need more say so with @BodyLimit; multipart uploads are limited per file instead.
    bodyLimit: JSON_BODY_LIMIT,
    // Until a request has fully arrived (headers and body; a stalled upload is cut off with a 408),
    // never over the reply, so an event stream lasts as long as it likes.
    requestTimeout: config.requestTimeoutMs,
    http: {
      connectionsCheckingInterval: stalledRequestCheckMs(config.requestTimeoutMs),
      // Node checks neither timeout while the headers' one (60 s by default) is the longer.
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
    // Errors that never reach Nest's exception filter, in its shape all the same.
    frameworkErrors: frameworkErrorHandler(securityHeaders(config)),
    clientErrorHandler,
  });
  withRequestLog(adapter.getInstance(), requestLog);
  return adapter;
}

/** Builds the whole HTTP app (integration tests build the module themselves and call configureApp). */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  useFfmpegBinary(config.video.ffmpegPath);
  const adapter = createAdapter(config);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    // One format: Nest's lines go through the same pino JSON logger as the requests'.
    logger: config.logLevel === 'silent' ? false : new NestPinoLogger(adapter.getInstance().log),
    bufferLogs: false,
    // Stripe webhooks are verified against the exact bytes received.
    rawBody: true,
  });
  return configureApp(app, config);
}

/** Errors, validation, security headers, uploads, the built site and (if on) the OpenAPI document; then init. */
export async function configureApp(app: NestFastifyApplication, config: AppConfig): Promise<NestFastifyApplication> {
  // The error envelope everywhere, problem details (RFC 9457) on the developer API's /v1.
  app.useGlobalFilters(new ProblemDetailsFilter(config.siteUrl));
  app.useGlobalPipes(new StandardSchemaValidationPipe());

  // The service tier's own hooks, in the order http/http-pipeline.ts lists them.
  const checkHttpPipeline = registerHttpPipeline({ fastify: app.getHttpAdapter().getInstance(), app, config });

  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 } });

  const missing = await registerStaticSite(app, config);
  if (servesPages(config.role))
    for (const root of missing) app.getHttpAdapter().getInstance().log.warn(`not built yet, not served: ${root}`);

  // The API's map is for developers: in production only when asked for.
  if (config.apiDocs && servesApi(config.role)) {
    // Nest finds the routes; every reply, body and parameter comes from the contract (API_ROUTES).
    const document = fillOpenApiFromContract(
      SwaggerModule.createDocument(
        app,
        new DocumentBuilder().setTitle('Veo 3 Studio API').setVersion('1.0').addBearerAuth().build(),
      ),
    );
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  }

  await app.init();
  checkHttpPipeline();
  return app;
}
