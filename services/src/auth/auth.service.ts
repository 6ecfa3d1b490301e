import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CreditsService } from '../credits/credits.service';
import { afterCommit } from '../database/transaction';
import type { PublicUser, SignInReply } from '@veo3/contracts/auth';
import { ErasedIdentities, identityOf } from '../account-deletion/erased-identities';
import { ReferralsService } from '../referrals/referrals.service';
import { toPublicUser, type SessionUser } from '../users/session-user';
import { UsersService, type SignInProfile } from '../users/users.service';
import { AuthErrorCode, AuthException } from './auth.exception';
import { GoogleTokenVerifier } from './google-token.verifier';
import { SessionAuthenticator } from './session-authenticator';
import { SessionRepository } from './session.repository';

export const SESSION_DAYS = 7;

export interface TokenPayload {
  sub: string;
  sid: string;
}

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
  /** The referral code the sign-in carries (`referral_code`), if any. */
  referralCode?: string;
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionRepository,
    private readonly users: UsersService,
    private readonly credits: CreditsService,
    private readonly jwt: JwtService,
    private readonly google: GoogleTokenVerifier,
    private readonly authenticator: SessionAuthenticator,
    private readonly erased: ErasedIdentities,
    private readonly referrals: ReferralsService,
  ) {}

  async signInWithGoogle(idToken: string, client: ClientInfo): Promise<SignInReply> {
    const identity = await this.google.verify(idToken);
    return this.signIn({ provider: 'google', ...identity }, client);
  }

  async signInDev(email: string, name: string | null, client: ClientInfo): Promise<SignInReply> {
    if (this.config.devLoginOffReason !== null) {
      throw new AuthException(AuthErrorCode.DevLoginDisabled, this.config.devLoginOffReason);
    }
    const normalized = email.trim().toLowerCase();
    return this.signIn({ provider: 'dev', subject: normalized, email: normalized, name, picture: null }, client);
  }

  /**
   * Revokes the session: its token stops working in this process at once, and in every other within
   * the few seconds they may remember a live session (SESSION_CACHE_TTL_MS).
   */
  async signOut(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId, new Date());
    this.authenticator.forget(sessionId);
  }

  /**
   * Revokes every session of the user in `m`'s transaction (an admin's sign-out everywhere, audited
   * with it); once committed, this process stops accepting them at once, others within the cache's seconds.
   */
  async signOutEverywhere(m: EntityManager, userId: string): Promise<number> {
    const revoked = await this.sessions.revokeAllOf(m, userId, new Date());
    afterCommit(m, () => this.authenticator.forgetUser(userId));
    return revoked;
  }

  /**
   * Deletes every session of a deleted account (with their addresses and browsers) in `m`'s
   * transaction: once committed, this process refuses its tokens at once, others within the session
   * cache's seconds, and every open event stream ends at its next session check.
   */
  async eraseSessions(m: EntityManager, userId: string): Promise<number> {
    const deleted = await this.sessions.deleteAllOf(m, userId);
    afterCommit(m, () => this.authenticator.forgetUser(userId));
    return deleted;
  }

  /** The signed-in user as the API shows it, with the balance read now. */
  async publicUser(user: SessionUser): Promise<PublicUser> {
    return toPublicUser(user, await this.credits.balanceOf(user.id));
  }

  private async signIn(profile: SignInProfile, client: ClientInfo): Promise<SignInReply> {
    let { user, created } = await this.users.upsertFromSignIn(profile);
    // A person whose earlier account was deleted signs up anew, without a second bonus or referral.
    const firstAccount = created && !(await this.erased.wasErased(identityOf(user)));
    if (firstAccount && client.referralCode) await this.referrals.recordSignUp(user.id, client.referralCode);
    if (firstAccount && this.config.signupBonusCredits > 0) {
      const { balance } = await this.credits.grant({
        userId: user.id,
        amount: this.config.signupBonusCredits,
        sourceType: 'bonus',
        sourceId: user.id,
        description: 'Welcome bonus',
        idempotencyKey: `signup:${user.id}`,
      });
      user = { ...user, credits: balance };
    }
    const session = await this.sessions.create({
      id: randomUUID(),
      userId: user.id,
      expiresAt: new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000),
      revokedAt: null,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip?.slice(0, 64) ?? null,
    });
    const payload: TokenPayload = { sub: user.id, sid: session.id };
    const token = await this.jwt.signAsync(payload, { expiresIn: `${SESSION_DAYS}d` });
    return { success: true, token, user: toPublicUser(user, user.credits) };
  }
}
