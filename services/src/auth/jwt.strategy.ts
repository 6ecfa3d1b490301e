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
      secretOrKey: secret,
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
