import { Inject, Injectable } from '@nestjs/common';
import { OAuth2Client } from 'google-auth-library';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { AuthErrorCode, AuthException } from './auth.exception';

export interface GoogleIdentity {
  subject: string;
  email: string;
  name: string | null;
  picture: string | null;
}

/** Verifies a Google ID token: signature against Google's certificates, audience = our client id, issuer, expiry. */
@Injectable()
export class GoogleTokenVerifier {
  private readonly client: OAuth2Client | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.client = config.googleClientId
      ? new OAuth2Client({
          clientId: config.googleClientId,
          endpoints: { oauth2FederatedSignonPemCertsUrl: config.googleCertsUrl },
        })
      : null;
  }

  async verify(idToken: string): Promise<GoogleIdentity> {
    if (!this.client || !this.config.googleClientId) {
      throw new AuthException(AuthErrorCode.GoogleNotConfigured, 'Google sign-in is not configured on this site');
    }
    let payload;
    try {
      const ticket = await this.client.verifyIdToken({ idToken, audience: this.config.googleClientId });
      payload = ticket.getPayload();
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : 'invalid token';
      throw new AuthException(AuthErrorCode.GoogleTokenInvalid, `Google sign-in failed: ${reason}`);
    }
    if (!payload?.sub || !payload.email) {
      throw new AuthException(AuthErrorCode.GoogleTokenInvalid, 'Google sign-in failed: the token has no e-mail');
    }
    // Missing, false or the string "false": an address Google has not verified could be anyone's.
    if ((payload.email_verified as unknown) !== true && (payload.email_verified as unknown) !== 'true') {
      throw new AuthException(AuthErrorCode.GoogleTokenInvalid, 'Google sign-in failed: the e-mail is not verified');
    }
    return { subject: payload.sub, email: payload.email, name: payload.name ?? null, picture: payload.picture ?? null };
  }
}
