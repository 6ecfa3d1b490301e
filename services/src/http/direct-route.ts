import { RequestMethod, type INestApplicationContext, type Type } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  HEADERS_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  PIPES_METADATA,
} from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { JwtAuthGuard } from '../auth/auth.guards';
import { SessionAuthenticator } from '../auth/session-authenticator';
import type { SessionUser } from '../users/session-user';
import { errorReply } from '../common/http-exception.filter';

/** What a direct route's call is given: the verified user (when the route requires one) and the path parameters. */
export interface DirectContext {
  user: SessionUser;
  params: Record<string, string>;
}

type DirectCall<C> = (controller: C, context: DirectContext) => unknown;

const DIRECT_CALL = Symbol('direct-route');

/**
 * A GET route of the hottest reads (polled by every signed-in page), answered by a Fastify handler
 * that makes `call` on the controller, without Nest's per-request pipeline (execution context,
 * guard and pipe consumers, param factories, exception zone), which cost more than the read itself.
 * The route stays a Nest route for everything else (registration, role gate, OpenAPI document).
 * Only what the direct handler does itself is allowed: JwtAuthGuard (the same session check),
 * @HttpCode and @Header; any other guard, pipe, interceptor or filter on the route fails the boot.
 */
export function DirectRoute<C>(call: DirectCall<C>): MethodDecorator {
  return (_target, _key, descriptor) => {
    Reflect.defineMetadata(DIRECT_CALL, call, descriptor.value as object);
  };
}

interface Direct {
  signedIn: boolean;
  status: number;
  headers: { name: string; value: string }[];
  call: (context: DirectContext) => unknown;
}

/** Reads the direct routes of every controller of the app, refusing one that relies on more than they do. */
function directRoutes(app: INestApplicationContext): Map<string, Direct> {
  const controllers = [...app.get(ModulesContainer).values()].flatMap((module) =>
    [...module.controllers.values()].map((wrapper) => ({
      type: wrapper.metatype as Type,
      instance: wrapper.instance as object,
    })),
  );
  return directRoutesOf(controllers);
}

/**
 * The paths of the direct routes declared on these controller classes (`/api/...`), checked as at
 * boot. direct-routes.spec lists the app's, so adding one is a reviewed change.
 */
export function directRoutePaths(types: Type[]): string[] {
  return [...directRoutesOf(types.map((type) => ({ type, instance: {} }))).keys()];
}

function directRoutesOf(controllers: { type: Type; instance: object }[]): Map<string, Direct> {
  const routes = new Map<string, Direct>();
  for (const { type, instance } of controllers) {
    for (const name of Object.getOwnPropertyNames(type.prototype)) {
      const method = (type.prototype as Record<string, unknown>)[name];
      if (typeof method !== 'function') continue;
      const call = Reflect.getMetadata(DIRECT_CALL, method) as DirectCall<object> | undefined;
      if (!call) continue;
      const where = `${type.name}.${name}`;
      if (Reflect.getMetadata(METHOD_METADATA, method) !== RequestMethod.GET)
        throw new Error(`${where}: a direct route must be a GET`);
      for (const key of [PIPES_METADATA, INTERCEPTORS_METADATA, EXCEPTION_FILTERS_METADATA]) {
        if ([type, method].some((target) => (Reflect.getMetadata(key, target) as unknown[] | undefined)?.length))
          throw new Error(`${where}: a direct route cannot have ${key}`);
      }
      const guards = [type, method].flatMap(
        (target) => (Reflect.getMetadata(GUARDS_METADATA, target) as unknown[] | undefined) ?? [],
      );
      if (guards.some((guard) => guard !== JwtAuthGuard))
        throw new Error(`${where}: a direct route can only be guarded by JwtAuthGuard`);
      const path = [Reflect.getMetadata(PATH_METADATA, type), Reflect.getMetadata(PATH_METADATA, method)]
        .flatMap((part: string) => part.split('/'))
        .filter(Boolean)
        .join('/');
      routes.set(`/${path}`, {
        signedIn: guards.length > 0,
        status: (Reflect.getMetadata(HTTP_CODE_METADATA, method) as number | undefined) ?? 200,
        headers: (Reflect.getMetadata(HEADERS_METADATA, method) as Direct['headers'] | undefined) ?? [],
        call: (context) => call(instance, context),
      });
    }
  }
  return routes;
}

/**
 * Swaps in the direct handler as Nest registers each direct route (GET and its HEAD). Call before
 * app.init(); `assertServed` after it, so a route whose path no longer matches fails the boot
 * instead of silently going back through Nest.
 */
export function registerDirectRoutes(fastify: FastifyInstance, app: INestApplicationContext): () => void {
  const routes = directRoutes(app);
  const sessions = [...routes.values()].some((route) => route.signedIn)
    ? app.get(SessionAuthenticator, { strict: false })
    : null;
  const served = new Set<string>();
  fastify.addHook('onRoute', (route) => {
    const direct = routes.get(route.url);
    if (!direct || (route.method !== 'GET' && route.method !== 'HEAD')) return;
    served.add(route.url);
    route.handler = directHandler(direct, sessions) as RouteHandlerMethod;
  });
  return () => {
    const missing = [...routes.keys()].filter((url) => !served.has(url));
    if (missing.length) throw new Error(`direct routes never registered: ${missing.join(', ')}`);
  };
}

function directHandler(direct: Direct, sessions: SessionAuthenticator | null) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    try {
      const user = direct.signedIn ? (await sessions!.require(request.headers.authorization)).user : null;
      const body = await direct.call({ user: user!, params: request.params as Record<string, string> });
      void reply.code(direct.status);
      for (const { name, value } of direct.headers) void reply.header(name, value);
      return body;
    } catch (error) {
      const { status, body } = errorReply(error);
      void reply.code(status).header('cache-control', 'no-store');
      return body;
    }
  };
}
