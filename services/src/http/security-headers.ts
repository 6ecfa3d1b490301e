import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';
import { contentSecurityPolicy } from '../site/site-static';

/**
 * helmet's response headers for this site, computed once at boot: with no per-request nonce they
 * are the same for every reply, and running helmet on each request cost half the throughput of a
 * cached reply.
 */
export function securityHeaders(config: AppConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  const middleware = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Every reply (API, pages, files and errors) gets the security headers first. */
export function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig): void {
  const headers = securityHeaders(config);
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

/**
 * What a page other sites may show in a frame (a shared video's player, for link previews and
 * oEmbed) sets over the security headers: any frame ancestor. The reply also drops X-Frame-Options
 * (`allowFraming`), which would refuse it.
 */
export function framingHeaders(config: AppConfig): Record<string, string> {
  const policy = securityHeaders(config)['content-security-policy'] ?? '';
  return { 'content-security-policy': policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *') };
}

/** Lets this reply be framed by any site (headers from `framingHeaders`, computed once by the caller). */
export function allowFraming(reply: FastifyReply, headers: Record<string, string>): void {
  void reply.headers(headers).removeHeader('x-frame-options');
}
