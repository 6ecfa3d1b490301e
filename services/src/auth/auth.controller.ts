import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UserEntity } from '../users/user.entity';
import { AuthErrorCode, AuthException } from './auth.exception';
import { JwtAuthGuard, type AuthenticatedRequest } from './auth.guards';
import { RateLimitGuard } from './rate-limit.guard';
import { AuthService, type ClientInfo } from './auth.service';
import { CurrentUser } from './current-user.decorator';
import { DevSignInSchema, GoogleSignInSchema, type DevSignInDto, type GoogleSignInDto } from './dto/sign-in.dto';

const clientInfo = (request: FastifyRequest): ClientInfo => ({
  userAgent: request.headers['user-agent'] ?? null,
  ip: request.ip ?? null,
});

const GOOGLE_ONLY = 'This site signs in with Google only. Please use "Continue with Google".';

@ApiTags('auth')
@SkipThrottle({ generate: true, checkout: true })
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('api/auth/google')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @ApiBody({ schema: z.toJSONSchema(GoogleSignInSchema) as object })
  google(@Body({ schema: GoogleSignInSchema }) body: GoogleSignInDto, @Req() request: FastifyRequest) {
    return this.auth.signInWithGoogle(body.token, clientInfo(request));
  }

  @Post('api/auth/dev')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @ApiBody({ schema: z.toJSONSchema(DevSignInSchema) as object })
  dev(@Body({ schema: DevSignInSchema }) body: DevSignInDto, @Req() request: FastifyRequest) {
    return this.auth.signInDev(body.email, body.name ?? null, clientInfo(request));
  }

  @Get('api/auth/user')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  async user(@CurrentUser() user: UserEntity) {
    return { success: true, user: await this.auth.publicUser(user) };
  }

  @Post('api/auth/signout')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  async signOut(@Req() request: AuthenticatedRequest) {
    await this.auth.signOut(request.sessionId);
    return { success: true };
  }

  @Post(['auth/signin', 'auth/signup', 'api/auth/reset-password'])
  @UseGuards(RateLimitGuard)
  passwordSignIn(): never {
    throw new AuthException(AuthErrorCode.GoogleOnly, GOOGLE_ONLY);
  }
}
