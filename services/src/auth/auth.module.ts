import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CreditsModule } from '../credits/credits.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JWT_SECRET } from './auth.tokens';
import { GoogleTokenVerifier } from './google-token.verifier';
import { resolveJwtSecret } from './jwt-secret';
import { JwtStrategy } from './jwt.strategy';
import { SessionEntity } from './session.entity';

const jwtSecretProvider = { provide: JWT_SECRET, inject: [APP_CONFIG], useFactory: resolveJwtSecret };

@Module({
  imports: [
    TypeOrmModule.forFeature([SessionEntity]),
    UsersModule,
    CreditsModule,
    PassportModule,
    JwtModule.registerAsync({
      extraProviders: [jwtSecretProvider],
      inject: [JWT_SECRET],
      useFactory: (secret: string) => ({ secret, signOptions: { algorithm: 'HS256' } }),
    }),
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: [
          { name: 'signin', ttl: 60_000, limit: config.signinRateLimit },
          { name: 'generate', ttl: 60_000, limit: config.generateRateLimit },
        ],
        errorMessage: (_context, detail) =>
          detail.key.includes('generate')
            ? 'Too many video requests. Please wait a minute and try again.'
            : 'Too many sign-in attempts. Please wait a minute and try again.',
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [jwtSecretProvider, AuthService, GoogleTokenVerifier, JwtStrategy],
  exports: [AuthService, JWT_SECRET, ThrottlerModule],
})
export class AuthModule {}
