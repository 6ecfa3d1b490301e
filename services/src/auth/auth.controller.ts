import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../users/session-user';
import { AuthErrorCode, AuthException } from './auth.exception';
import { JwtAuthGuard, type AuthenticatedRequest } from './auth.guards';
import { RateLimitGuard } from './rate-limit.guard';
import { AuthService, type ClientInfo } from './auth.service';
import { CurrentUser } from './current-user.decorator';
import {
  DevSignInSchema,
  GoogleSignInSchema,
  type DevSignInBody,
  type GoogleSignInBody,
  type CurrentUserReply,
  type SignInReply,
  type SignOutReply,
} from '@veo3/contracts/auth';

const clientInfo = (request: FastifyRequest, referralCode?: string): ClientInfo => ({
  userAgent: request.headers['user-agent'] ?? null,
  ip: request.ip ?? null,
  referralCode,
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
  google(
    @Body({ schema: GoogleSignInSchema }) body: GoogleSignInBody,
    @Req() request: FastifyRequest,
  ): Promise<SignInReply> {
    return this.auth.signInWithGoogle(body.token, clientInfo(request, body.referral_code));
  }

  @Post('api/auth/dev')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  dev(@Body({ schema: DevSignInSchema }) body: DevSignInBody, @Req() request: FastifyRequest): Promise<SignInReply> {
    return this.auth.signInDev(body.email, body.name ?? null, clientInfo(request, body.referral_code));
  }

  @Get('api/auth/user')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  async user(@CurrentUser() user: SessionUser): Promise<CurrentUserReply> {
    return { success: true, user: await this.auth.publicUser(user) };
  }

  @Post('api/auth/signout')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  async signOut(@Req() request: AuthenticatedRequest): Promise<SignOutReply> {
    await this.auth.signOut(request.sessionId);
    return { success: true };
  }

  @Post(['auth/signin', 'auth/signup', 'api/auth/reset-password'])
  @UseGuards(RateLimitGuard)
  passwordSignIn(): never {
    throw new AuthException(AuthErrorCode.GoogleOnly, GOOGLE_ONLY);
  }
}
