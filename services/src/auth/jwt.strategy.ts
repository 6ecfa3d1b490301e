import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { UserEntity } from '../users/user.entity';
import { AuthService, type TokenPayload } from './auth.service';
import { JWT_SECRET } from './auth.tokens';

export interface AuthenticatedRequest {
  user: UserEntity;
  sessionId: string;
}

/** Bearer JWT (signature and expiry checked by passport-jwt), then a live session in the database. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(JWT_SECRET) secret: string,
    private readonly auth: AuthService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject, not a string: jsonwebtoken otherwise tries (and fails) to parse the secret as a
      // public key on every request, which cost more than the rest of the request together. It accepts
      // a KeyObject; passport-jwt's types only predate that.
      secretOrKey: createSecretKey(Buffer.from(secret)) as unknown as Buffer,
      algorithms: ['HS256'],
      passReqToCallback: true,
    });
  }

  async validate(request: Partial<AuthenticatedRequest>, payload: TokenPayload): Promise<UserEntity> {
    const user = await this.auth.userForToken(payload);
    request.sessionId = payload.sid;
    return user;
  }
}
