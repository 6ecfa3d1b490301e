import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { UserEntity, type AuthProvider } from './user.entity';

export interface SignInProfile {
  provider: AuthProvider;
  subject: string;
  email: string;
  name: string | null;
  picture: string | null;
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Creates or refreshes the user of a sign-in, found by provider subject (or, for an account
   * first made another way, by e-mail). Roles are recomputed from configuration every time.
   */
  async upsertFromSignIn(profile: SignInProfile): Promise<{ user: UserEntity; created: boolean }> {
    const email = profile.email.trim().toLowerCase();
    const roles = {
      canManageBlog: this.config.blogAdminEmails.includes(email),
      isAdmin: this.config.adminEmails.includes(email),
    };
    const existing =
      (await this.users.findOneBy({ provider: profile.provider, providerSubject: profile.subject })) ??
      (await this.users.findOneBy({ email }));
    if (existing) {
      Object.assign(existing, {
        email,
        name: profile.name ?? existing.name,
        picture: profile.picture ?? existing.picture,
        provider: profile.provider,
        providerSubject: profile.subject,
        ...roles,
      });
      return { user: await this.users.save(existing), created: false };
    }
    const user = this.users.create({
      id: randomUUID(),
      email,
      name: profile.name,
      picture: profile.picture,
      provider: profile.provider,
      providerSubject: profile.subject,
      credits: 0,
      ...roles,
    });
    try {
      return { user: await this.users.save(user), created: true };
    } catch (error) {
      // Two first sign-ins at once: the unique e-mail index lets one insert win; use that row.
      const winner = await this.users.findOneBy({ email });
      if (!winner) throw error;
      return { user: winner, created: false };
    }
  }
}
