import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { stripControlCharacters } from '@veo3/contracts/plain-text';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { AuthProvider } from '@veo3/contracts/auth';
import type { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';
import { rolesFor } from './user-roles';
import { UsersErrorCode, UsersException } from './users.exception';

export interface SignInProfile {
  provider: AuthProvider;
  subject: string;
  email: string;
  name: string | null;
  picture: string | null;
}

/** The columns' lengths (a Google profile may carry more). */
const NAME_MAX = 200;
const PICTURE_MAX = 1000;

/** The name others may see: no hidden or reordering characters, within the column, or none. */
function displayName(name: string | null): string | null {
  if (name === null) return null;
  // By code point, so a cut never leaves half a surrogate pair.
  return [...stripControlCharacters(name).trim()].slice(0, NAME_MAX).join('').trim() || null;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UserRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Creates or refreshes the user of a sign-in, found by provider and subject. An account first made
   * another way is linked by e-mail only on an exact match of the case-folded address: a database
   * collation that ignores accents must not hand `vïctim@` the account of `victim@`. The roles in
   * effect are copied for operators; access checks read them on every session lookup (rolesFor).
   */
  async upsertFromSignIn(profile: SignInProfile): Promise<{ user: UserEntity; created: boolean }> {
    const email = profile.email.trim().toLowerCase();
    const name = displayName(profile.name);
    const picture = profile.picture !== null && profile.picture.length <= PICTURE_MAX ? profile.picture : null;
    const existing =
      (await this.bySubject(profile.provider, profile.subject)) ?? (await this.linkableByEmail(profile, email));
    if (existing) {
      const roles = rolesFor({ ...existing, email }, this.config);
      Object.assign(existing, {
        email,
        name: name ?? existing.name,
        picture: picture ?? existing.picture,
        provider: profile.provider,
        providerSubject: profile.subject,
        ...roles,
      });
      return { user: await this.users.save(existing), created: false };
    }
    const user = {
      id: randomUUID(),
      email,
      name,
      picture,
      provider: profile.provider,
      providerSubject: profile.subject,
      credits: 0,
      erasedAt: null,
      adminGranted: false,
      blogManagerGranted: false,
      ...rolesFor({ email, adminGranted: false, blogManagerGranted: false }, this.config),
    };
    try {
      return { user: await this.users.create(user), created: true };
    } catch (error) {
      // Two first sign-ins at once: the unique e-mail index lets one insert win; use that row.
      const winner = await this.bySubject(profile.provider, profile.subject);
      if (!winner) throw error;
      return { user: winner, created: false };
    }
  }

  private async bySubject(provider: AuthProvider, subject: string): Promise<UserEntity | null> {
    const rows = await this.users.findBySubject(provider, subject);
    return rows.find((u) => u.providerSubject === subject) ?? null;
  }

  /**
   * The account an e-mail may be linked to: byte-equal address, and not already held by another
   * identity of the same provider (Google may give an address to a new account later).
   */
  private async linkableByEmail(profile: SignInProfile, email: string): Promise<UserEntity | null> {
    const rows = await this.users.findByEmail(email);
    const match = rows.find((u) => u.email === email);
    if (!match) return null;
    if (match.provider === profile.provider && match.providerSubject && match.providerSubject !== profile.subject) {
      throw new UsersException(
        UsersErrorCode.EmailTaken,
        'This e-mail address belongs to another account. Sign in with the account you used before.',
      );
    }
    return match;
  }
}
