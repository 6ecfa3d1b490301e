import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { resolveJwtSecret } from '../auth/jwt-secret';

/** The secret the erased identities' hash key is derived from: the session secret (JWT_SECRET). */
export const ERASED_IDENTITY_SECRET = Symbol('ERASED_IDENTITY_SECRET');

export const erasedIdentitySecretProvider = {
  provide: ERASED_IDENTITY_SECRET,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => resolveJwtSecret(config),
};
