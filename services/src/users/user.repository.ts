import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, In, type EntityManager, type FindOptionsWhere, type Repository } from 'typeorm';
import { likeLiteral } from '../database/like-literal';
import { groupedByUtcDay } from '../database/utc-day';
import type { AuthProvider } from '@veo3/contracts/auth';
import { UserEntity } from './user.entity';

const DAY_MS = 86_400_000;

/** The user columns a role granted in the console is kept in. */
export type GrantedRoleColumn = 'adminGranted' | 'blogManagerGranted';

/** A condition on the user `u` written by the repository of the table it reads (billing's, for one). */
export interface UserCondition {
  sql: string;
  parameters?: Record<string, unknown>;
}

/** Which users a page of the admin console lists. */
export interface UserPageFilter {
  /** Part of the e-mail or name, wildcards taken literally. */
  q?: string;
  /** Whole UTC days (YYYY-MM-DD), both ends included. */
  signedUpFrom?: string;
  signedUpTo?: string;
  conditions: UserCondition[];
}

/**
 * The rows of `users`: as sign-in reads and writes them, and as the admin console lists, locks and
 * grants roles on them (the balance column belongs to CreditsRepository). Methods that take an
 * EntityManager run in the caller's transaction.
 */
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

  /** One page of users, newest sign-ups first, and how many match. */
  page(filter: UserPageFilter, page: { skip: number; take: number }): Promise<[UserEntity[], number]> {
    const select = this.users
      .createQueryBuilder('u')
      .orderBy('u.createdAt', 'DESC')
      .addOrderBy('u.id', 'DESC')
      .skip(page.skip)
      .take(page.take)
      .where('u.erasedAt IS NULL');
    if (filter.q) {
      const q = `%${likeLiteral(filter.q.toLowerCase())}%`;
      select.andWhere(
        new Brackets((w) => w.where("LOWER(u.email) LIKE :q ESCAPE '!'").orWhere("LOWER(u.name) LIKE :q ESCAPE '!'")),
        { q },
      );
    }
    if (filter.signedUpFrom) {
      select.andWhere('u.createdAt >= :from', { from: new Date(`${filter.signedUpFrom}T00:00:00Z`) });
    }
    if (filter.signedUpTo) {
      select.andWhere('u.createdAt < :to', { to: new Date(Date.parse(`${filter.signedUpTo}T00:00:00Z`) + DAY_MS) });
    }
    for (const condition of filter.conditions) select.andWhere(condition.sql, condition.parameters);
    return select.getManyAndCount();
  }

  /** Users whose id is `q` or whose e-mail contains it (any case), at most 500: a console filter. */
  async idsMatching(q: string): Promise<string[]> {
    const users = await this.users
      .createQueryBuilder('u')
      .select('u.id', 'id')
      .where('u.id = :q', { q })
      .orWhere("LOWER(u.email) LIKE :like ESCAPE '!'", { like: `%${likeLiteral(q.toLowerCase())}%` })
      .limit(500)
      .getRawMany<{ id: string }>();
    return users.map((u) => u.id);
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  exists(id: string, m: EntityManager = this.dataSource.manager): Promise<boolean> {
    return m.existsBy(UserEntity, { id });
  }

  /**
   * The users granted the admin role or named by `configuredEmails`, locked for the rest of `m`'s
   * transaction on MySQL, in one order (so two transactions locking them take turns).
   */
  lockAdminCandidates(m: EntityManager, configuredEmails: string[]): Promise<UserEntity[]> {
    const where: FindOptionsWhere<UserEntity>[] = [{ adminGranted: true }];
    if (configuredEmails.length) where.push({ email: In(configuredEmails) });
    return m.find(UserEntity, { where, order: { id: 'ASC' }, lock: this.writeLock() });
  }

  /** The user, locked for the rest of `m`'s transaction on MySQL; null when there is no such user. */
  lockUser(m: EntityManager, id: string): Promise<UserEntity | null> {
    return m.findOne(UserEntity, { where: { id }, lock: this.writeLock() });
  }

  /** The users of `ids` that exist, locked in id order on MySQL (so two changes take turns, never deadlock). */
  lockUsers(m: EntityManager, ids: string[]): Promise<UserEntity[]> {
    return m.find(UserEntity, { where: { id: In(ids) }, order: { id: 'ASC' }, lock: this.writeLock() });
  }

  /**
   * Empties a deleted account's row in `m`'s transaction: no e-mail (an address under the reserved
   * `.invalid` domain, unique by id), name, picture, sign-in subject or role is left; the id stays,
   * opaque, for the ledger lines and payments that are kept.
   */
  async erase(m: EntityManager, id: string, at: Date): Promise<void> {
    await m.update(
      UserEntity,
      { id },
      {
        email: `${id}@erased.invalid`,
        name: null,
        picture: null,
        providerSubject: null,
        canManageBlog: false,
        isAdmin: false,
        adminGranted: false,
        blogManagerGranted: false,
        erasedAt: at,
      },
    );
  }

  async setGranted(m: EntityManager, id: string, column: GrantedRoleColumn, granted: boolean): Promise<void> {
    await m.update(UserEntity, { id }, { [column]: granted });
  }

  /** Sign-ups in [start, end) by UTC day. */
  signUpsByDay(range: { start: Date; end: Date }): Promise<{ day: string; n: number | string }[]> {
    return groupedByUtcDay(this.dataSource, UserEntity, 'u', 'u.created_at', range)
      .addSelect('COUNT(*)', 'n')
      .getRawMany();
  }

  private writeLock() {
    return this.dataSource.options.type === 'mysql' ? ({ mode: 'pessimistic_write' } as const) : undefined;
  }
}
