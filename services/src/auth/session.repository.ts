import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, MoreThan, type EntityManager } from 'typeorm';
import { EntityRows } from '../database/entity-rows';
import { UserEntity } from '../users/user.entity';
import { SessionEntity } from './session.entity';

/** Ids in one `IN (...)`: far below any driver's parameter limit (SQLite's is 32766, MySQL's 65535). */
const LIVE_IDS_CHUNK = 500;

/** A live session's user (without the balance and the stale role copies) and when the session ends. */
export interface LiveSession {
  user: UserEntity;
  expiresAt: Date | null;
}

/** The rows of `sessions`: sign-in, sign-out, and the lookup behind every authenticated request. */
@Injectable()
export class SessionRepository {
  private readonly users: EntityRows<UserEntity>;
  private readonly sessions: EntityRows<SessionEntity>;
  private readonly liveSessionSql: string;

  constructor(private readonly dataSource: DataSource) {
    this.users = new EntityRows(dataSource, UserEntity);
    this.sessions = new EntityRows(dataSource, SessionEntity);
    // Every user column but the balance (never cached) and the stale role copies: the granted roles
    // are read here, so a role granted or removed in the console counts on the next lookup.
    const columns = this.users.columns(
      'u',
      dataSource
        .getMetadata(UserEntity)
        .columns.map((c) => c.propertyName as keyof UserEntity & string)
        .filter((p) => p !== 'credits' && p !== 'isAdmin' && p !== 'canManageBlog'),
    );
    this.liveSessionSql =
      `SELECT ${columns}, s.expires_at AS session_expires_at FROM sessions s INNER JOIN users u ON u.id = s.user_id ` +
      'WHERE s.id = :sessionId AND s.user_id = :userId AND s.revoked_at IS NULL AND s.expires_at > :now';
  }

  /**
   * The user of a session that is the user's, not revoked and not expired at `now`; null otherwise.
   * On every request a token is not cached for: one fixed statement, without the query builder.
   */
  async findLive(sessionId: string, userId: string, now: Date): Promise<LiveSession | null> {
    const [row] = await this.users.query(this.liveSessionSql, { sessionId, userId, now });
    if (!row) return null;
    const { expiresAt } = this.sessions.hydrate({ expires_at: row.session_expires_at });
    return { user: this.users.hydrate(row), expiresAt: expiresAt ?? null };
  }

  /** Of `sessionIds`, those neither revoked nor expired at `now`: one query per 500 ids, whoever their users. */
  async liveIds(sessionIds: readonly string[], now: Date): Promise<Set<string>> {
    const sessions = this.dataSource.getRepository(SessionEntity);
    const live = new Set<string>();
    for (let start = 0; start < sessionIds.length; start += LIVE_IDS_CHUNK) {
      const rows = await sessions.find({
        select: { id: true },
        where: {
          id: In(sessionIds.slice(start, start + LIVE_IDS_CHUNK)),
          revokedAt: IsNull(),
          expiresAt: MoreThan(now),
        },
      });
      for (const { id } of rows) live.add(id);
    }
    return live;
  }

  /** Records a new session. */
  /** The user's latest `take` sessions, newest first, live or not (the admin console's user page). */
  latestOf(userId: string, take: number): Promise<SessionEntity[]> {
    return this.dataSource
      .getRepository(SessionEntity)
      .find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take });
  }

  /** The user's sessions from `skip`, oldest first (the data export). */
  pageOf(userId: string, skip: number, take: number): Promise<SessionEntity[]> {
    return this.dataSource
      .getRepository(SessionEntity)
      .find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' }, skip, take });
  }

  async create(session: Omit<SessionEntity, 'createdAt'>): Promise<SessionEntity> {
    const sessions = this.dataSource.getRepository(SessionEntity);
    return sessions.save(sessions.create(session));
  }

  /** Revokes every live session of the user at `at`, in `m`'s transaction; how many. */
  async revokeAllOf(m: EntityManager, userId: string, at: Date): Promise<number> {
    const live = { userId, revokedAt: IsNull(), expiresAt: MoreThan(at) };
    const { affected } = await m.update(SessionEntity, live, { revokedAt: at });
    return affected ?? 0;
  }

  /** Deletes the sessions revoked or expired before `before`; how many (live ones are never touched). */
  async deleteEndedBefore(before: Date): Promise<number> {
    const { affected } = await this.dataSource
      .createQueryBuilder()
      .delete()
      .from(SessionEntity)
      .where('revoked_at < :before OR expires_at < :before', { before })
      .execute();
    return affected ?? 0;
  }

  /** Deletes every session of the user (a deleted account's), in `m`'s transaction; how many. */
  async deleteAllOf(m: EntityManager, userId: string): Promise<number> {
    const { affected } = await m.delete(SessionEntity, { userId });
    return affected ?? 0;
  }

  /** Revokes the session at `at`, unless it was revoked before. */
  async revoke(sessionId: string, at: Date): Promise<void> {
    await this.dataSource
      .getRepository(SessionEntity)
      .update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: at });
  }
}
