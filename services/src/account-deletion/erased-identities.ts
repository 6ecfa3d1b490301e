import { createHmac, hkdfSync } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ERASED_IDENTITY_SECRET } from './erased-identity-secret';
import { ErasedAccountRepository } from './erased-account.repository';

/** A sign-in identity as the users table holds it. */
export interface SignInIdentity {
  provider: string;
  subject: string | null;
  email: string;
}

/** The sign-in identity of a user row. */
export const identityOf = (user: {
  provider: string;
  providerSubject: string | null;
  email: string;
}): SignInIdentity => ({
  provider: user.provider,
  subject: user.providerSubject,
  email: user.email,
});

/**
 * The sign-in identities of deleted accounts, kept only as keyed hashes (the key derived from the
 * session secret, so the table alone cannot be checked against a list of addresses): a person who
 * signs up again gets a new account without a second sign-up bonus.
 */
@Injectable()
export class ErasedIdentities {
  private readonly key: Buffer;

  constructor(
    @Inject(ERASED_IDENTITY_SECRET) secret: string,
    private readonly rows: ErasedAccountRepository,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'veo3-erased-accounts', 'erased identity key', 32));
  }

  /** Remembers a deleted account's identity, in `m`'s transaction. */
  remember(m: EntityManager, identity: SignInIdentity): Promise<void> {
    return this.rows.remember(m, this.hashes(identity));
  }

  /** Whether this identity's subject or e-mail belonged to a deleted account. */
  wasErased(identity: SignInIdentity): Promise<boolean> {
    return this.rows.anyOf(this.hashes(identity));
  }

  private hashes(identity: SignInIdentity): string[] {
    const hash = (text: string) => createHmac('sha256', this.key).update(text).digest('hex');
    const email = hash(`email:${identity.email.trim().toLowerCase()}`);
    return identity.subject === null ? [email] : [email, hash(`subject:${identity.provider}:${identity.subject}`)];
  }
}
