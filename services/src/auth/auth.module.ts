import { createSecretKey } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { ThrottlerModule, type ThrottlerOptions } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../config/app-config';
import { ErasedAccountsModule } from '../account-deletion/erased-accounts.module';
import { APP_CONFIG } from '../config/config.module';
import { CreditsModule } from '../credits/credits.module';
import { ReferralsModule } from '../referrals/referrals.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JWT_SECRET } from './auth.tokens';
import { GoogleTokenVerifier } from './google-token.verifier';
import { resolveJwtSecret } from './jwt-secret';
import type { RateLimitName } from './rate-limit.guard';
import { RedisThrottlerStorage } from './redis-throttler.storage';
import { SessionAuthenticator, type SignedInRequest } from './session-authenticator';
import { SessionEntity } from './session.entity';
import { SessionRepository } from './session.repository';

/** A limit's tracker after the session guard: the signed-in user, else the client address. */
const userOrAddress = (req: Record<string, unknown>) =>
  (req as Partial<SignedInRequest>).user?.id ?? (req as { ip: string }).ip;

const jwtSecretProvider = { provide: JWT_SECRET, inject: [APP_CONFIG], useFactory: resolveJwtSecret };

// Global: JwtAuthGuard (and its SessionAuthenticator) guards routes of every feature module.
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([SessionEntity]),
    UsersModule,
    CreditsModule,
    ErasedAccountsModule,
    ReferralsModule,
    JwtModule.registerAsync({
      extraProviders: [jwtSecretProvider],
      inject: [JWT_SECRET],
      // A key object, not the string: given a string, jsonwebtoken first tries it as a PEM public or
      // private key and throws, which made each verify or sign take half a millisecond.
      useFactory: (secret: string) => ({
        secret: createSecretKey(Buffer.from(secret, 'utf8')),
        signOptions: { algorithm: 'HS256' },
      }),
    }),
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: [
          { name: 'signin', ttl: 60_000, limit: config.signinRateLimit },
          // Per user (per address for a visitor), one budget for generate, edit and extend (RateLimitGuard).
          { name: 'generate', ttl: 60_000, limit: config.generateRateLimit, getTracker: userOrAddress },
          // Per user, not per address: each checkout opens a session at Stripe (after JwtAuthGuard; a
          // route without a signed-in user that forgets to skip this limit counts by address, never fails).
          {
            name: 'checkout',
            ttl: 60_000,
            limit: config.checkoutRateLimit,
            getTracker: userOrAddress,
          },
        ] satisfies (ThrottlerOptions & { name: RateLimitName })[],
        // RateLimitGuard sends the standard Retry-After instead of one Retry-After-<name> per limit.
        setHeaders: false,
        storage: config.redisUrl ? new RedisThrottlerStorage(config.redisUrl, config.redisPrefix) : undefined,
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [jwtSecretProvider, AuthService, GoogleTokenVerifier, SessionAuthenticator, SessionRepository],
  exports: [AuthService, JWT_SECRET, ThrottlerModule, SessionAuthenticator, SessionRepository],
})
export class AuthModule {}
