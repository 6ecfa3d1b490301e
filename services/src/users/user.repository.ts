import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { UserEntity, type AuthProvider } from './user.entity';

/** The rows of `users` as sign-in reads and writes them (the balance column belongs to CreditsRepository). */
@Injectable()
export class UserRepository {
  private readonly users: Repository<UserEntity>;

  constructor(dataSource: DataSource) {
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
}
