import type { LoggerService } from '@nestjs/common';
import type { FastifyBaseLogger } from 'fastify';

/** Nest's start-up chatter (a line per module and per route): wanted only when debugging. */
const BOOT_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

function text(message: unknown): string {
  if (message instanceof Error) return message.message;
  return typeof message === 'string' ? message : JSON.stringify(message);
}

/** Nest passes the context last, when there is one. */
function contextOf(params: unknown[]): string | undefined {
  const last = params.at(-1);
  return typeof last === 'string' ? last : undefined;
}

/**
 * Nest's logger writing through the server's pino logger, so every line the process prints is the
 * same JSON as the request log (Nest's own logger prints coloured text lines beside it).
 */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly pino: FastifyBaseLogger) {}

  log(message: unknown, ...params: unknown[]): void {
    const context = contextOf(params);
    if (context && BOOT_CONTEXTS.has(context)) this.pino.debug({ context }, text(message));
    else this.pino.info({ context }, text(message));
  }

  error(message: unknown, ...params: unknown[]): void {
    const stack = params.length > 1 && typeof params[0] === 'string' ? params[0] : undefined;
    const err = message instanceof Error ? message : undefined;
    this.pino.error({ context: contextOf(params), stack: stack ?? err?.stack }, text(message));
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.pino.warn({ context: contextOf(params) }, text(message));
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.pino.debug({ context: contextOf(params) }, text(message));
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.pino.trace({ context: contextOf(params) }, text(message));
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.pino.fatal({ context: contextOf(params) }, text(message));
  }
}
