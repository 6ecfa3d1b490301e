import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import { groupedByUtcDay } from '../database/utc-day';
import type { AuthProvider } from '@veo3/contracts/auth';
import { UserEntity } from './user.entity';

/** The rows of `users` as sign-in reads and writes them (the balance column belongs to CreditsRepository). */
@Injectable()
export class UserRepository {
  private readonly users: Repository<UserEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  /**
   * The users the database matches for this provider and subject (its collation may ignore case or
   * accents: callers compare exactly).
   */
  findBySubject(provider: AuthProvider, providerSubject: string): Promise<UserEntity[]> {
    return this.users.findBy({ provider, providerSubject });
  }

  /** The users the database matches for this e-mail (as above: callers compare exactly). */
  findByEmail(email: string): Promise<UserEntity[]> {
    return this.users.findBy({ email });
  }

  /**
   * Writes a user read before, changed; the saved user. The granted roles are left out: they belong
   * to the admin console, and a grant made since the read must not be undone.
   */
  async save(user: UserEntity): Promise<UserEntity> {
    const { adminGranted: _admin, blogManagerGranted: _blog, ...signInColumns } = user;
    await this.users.save(this.users.create(signInColumns));
    return user;
  }

  /** Writes a new user (the unique indexes may refuse it: a concurrent first sign-in); the saved user. */
  create(user: Omit<UserEntity, 'createdAt' | 'updatedAt'>): Promise<UserEntity> {
    return this.users.save(this.users.create(user));
  }

  /** The e-mail of each of these users (read in `m`'s transaction when given). */
  async emailsOf(ids: string[], m: EntityManager = this.dataSource.manager): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const users = await m.find(UserEntity, { select: { id: true, email: true }, where: { id: In([...new Set(ids)]) } });
    return new Map(users.map((u) => [u.id, u.email]));
  }

  /** Sign-ups in [start, end) by UTC day. */
  signUpsByDay(range: { start: Date; end: Date }): Promise<{ day: string; n: number | string }[]> {
    return groupedByUtcDay(this.dataSource, UserEntity, 'u', 'u.created_at', range)
      .addSelect('COUNT(*)', 'n')
      .getRawMany();
  }
}
