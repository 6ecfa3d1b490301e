import 'reflect-metadata';
import {
  Controller,
  Get,
  Header,
  HttpCode,
  Injectable,
  Param,
  UseGuards,
  type CanActivate,
  type Type,
} from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { AdminGuard, JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import { notSignedIn, SessionAuthenticator } from '../auth/session-authenticator';
import type { SessionUser } from '../users/session-user';
import { AppException } from '../common/app.exception';
import { DirectRoute, registerDirectRoutes } from './direct-route';
import { HttpExceptionFilter } from '../common/http-exception.filter';

class ThingException extends AppException {
  constructor(status: number, code: string, message: string) {
    super(code, message, status);
  }
}

// Stands in for the session check: the token `good` is user u1.
const sessions = {
  require: async (authorization: string | undefined) => {
    if (authorization === undefined) throw notSignedIn();
    if (authorization !== 'Bearer good')
      throw new ThingException(401, 'AUTH_SESSION_EXPIRED', 'Your session has ended.');
    return { user: { id: 'u1' } as SessionUser, sessionId: 's1' };
  },
};

@Controller('api/things')
class ThingsController {
  calls = 0;

  @Get('mine/:id')
  @UseGuards(JwtAuthGuard)
  @DirectRoute((things: ThingsController, { user, params }) => things.mine(user, params.id!))
  mine(@CurrentUser() user: SessionUser, @Param('id') id: string) {
    this.calls++;
    if (id === 'missing') throw new ThingException(404, 'THING_NOT_FOUND', 'Thing not found');
    if (id === 'broken') throw new Error('disk on fire');
    return { success: true, data: { id, owner: user.id } };
  }

  @Get()
  @HttpCode(203)
  @Header('X-Thing', 'yes')
  @DirectRoute((things: ThingsController) => things.open())
  open() {
    return { open: true };
  }
}

async function appWith(...controllers: Type[]): Promise<NestFastifyApplication> {
  const module = await Test.createTestingModule({
    controllers,
    providers: [{ provide: SessionAuthenticator, useValue: sessions }],
  }).compile();
  const app = module.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  app.useGlobalFilters(new HttpExceptionFilter());
  const assertServed = registerDirectRoutes(app.getHttpAdapter().getInstance(), app);
  await app.init();
  assertServed();
  return app;
}

describe('direct routes', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await appWith(ThingsController);
  });
  afterAll(() => app.close());

  it('answer with what the controller returns, for the user of the session, with the path parameters', async () => {
    const res = await app.inject({ url: '/api/things/mine/t7', headers: { authorization: 'Bearer good' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { id: 't7', owner: 'u1' } });
    expect(
      (await app.inject({ method: 'HEAD', url: '/api/things/mine/t7', headers: { authorization: 'Bearer good' } }))
        .statusCode,
    ).toBe(200);
  });

  it('keep the route’s @HttpCode and @Header', async () => {
    const res = await app.inject({ url: '/api/things' });
    expect(res.statusCode).toBe(203);
    expect(res.headers['x-thing']).toBe('yes');
    expect(res.json()).toEqual({ open: true });
  });

  it('ask for a sign-in before calling the controller, in the one error shape', async () => {
    const controller = app.get(ThingsController);
    const before = controller.calls;
    const res = await app.inject({ url: '/api/things/mine/t7' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ success: false, message: 'Please sign in first', code: 'AUTH_NOT_SIGNED_IN' });
    const expired = await app.inject({ url: '/api/things/mine/t7', headers: { authorization: 'Bearer old' } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('AUTH_SESSION_EXPIRED');
    expect(controller.calls).toBe(before);
  });

  it('answer a module’s error with its status and code, and hide what a server error says', async () => {
    const missing = await app.inject({ url: '/api/things/mine/missing', headers: { authorization: 'Bearer good' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Thing not found', code: 'THING_NOT_FOUND' });
    const broken = await app.inject({ url: '/api/things/mine/broken', headers: { authorization: 'Bearer good' } });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ success: false, message: 'Internal server error', code: 'INTERNAL' });
  });

  it('refuse at boot a route that relies on more than a session check', async () => {
    @Injectable()
    class AlwaysGuard implements CanActivate {
      canActivate() {
        return true;
      }
    }
    @Controller('api/admin-things')
    class AdminThingsController {
      @Get()
      @UseGuards(JwtAuthGuard, AdminGuard)
      @DirectRoute((c: AdminThingsController) => c.list())
      list() {
        return [];
      }
    }
    @Controller('api/other-things')
    class OtherGuardController {
      @Get()
      @UseGuards(AlwaysGuard)
      @DirectRoute((c: OtherGuardController) => c.list())
      list() {
        return [];
      }
    }
    await expect(appWith(AdminThingsController)).rejects.toThrow(
      'AdminThingsController.list: a direct route can only be guarded by JwtAuthGuard',
    );
    await expect(appWith(OtherGuardController)).rejects.toThrow('only be guarded by JwtAuthGuard');
  });
});
