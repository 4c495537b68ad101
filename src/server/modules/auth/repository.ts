import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, RefreshTokensTable, SessionsTable, UsersTable } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { PreparedQuery } from '../../db/prepared-query.ts';

export interface UserRecord extends UsersTable {
  username: string;
}

export type SessionRecord = Selectable<SessionsTable>;
export type RefreshTokenRecord = Selectable<RefreshTokensTable>;

export class UsernameTakenError extends Error {
  constructor() {
    super('username taken');
    this.name = 'UsernameTakenError';
  }
}

/** SQL for users (with their profile row), sessions and refresh tokens. */
export class AuthRepository {
  readonly #db: Kysely<DatabaseSchema>;
  /**
   * The session plus whether its user has a verified second factor, in one round trip: this runs on
   * every authenticated request (so it is built once, prepared-query.ts), and the factor decides
   * what an aal1 session may reach.
   */
  readonly #sessionForRequestQuery;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
    this.#sessionForRequestQuery = new PreparedQuery(db, (id: string) =>
      db
        .selectFrom('sessions')
        .selectAll('sessions')
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('mfa_factors')
                .select('mfa_factors.id')
                .whereRef('mfa_factors.user_id', '=', 'sessions.user_id')
                .where('mfa_factors.status', '=', 'verified'),
            )
            .as('has_verified_factor'),
        )
        .where('sessions.id', '=', id),
    );
  }

  #users() {
    return this.#db
      .selectFrom('users')
      .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.password_hash',
        'users.recovery_code_hash',
        'users.created_at',
        'users.updated_at',
        'user_profiles.username',
      ]);
  }

  findUserById(id: string): Promise<UserRecord | undefined> {
    return this.#users().where('users.id', '=', id).executeTakeFirst();
  }

  findUserByEmail(email: string): Promise<UserRecord | undefined> {
    return this.#users().where('users.email', '=', email).executeTakeFirst();
  }

  findUserByUsernameKey(usernameKey: string): Promise<UserRecord | undefined> {
    return this.#users().where('user_profiles.username_key', '=', usernameKey).executeTakeFirst();
  }

  async usernameKeyExists(usernameKey: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('user_profiles')
      .select('id')
      .where('username_key', '=', usernameKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The user and their user_profiles row in one transaction. Throws UsernameTakenError on a clash. */
  async createUserWithProfile(user: {
    id: string;
    email: string;
    username: string;
    passwordHash: string;
    recoveryCodeHash: string;
    at: string;
  }): Promise<void> {
    try {
      await this.#db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            id: user.id,
            email: user.email,
            password_hash: user.passwordHash,
            recovery_code_hash: user.recoveryCodeHash,
            created_at: user.at,
            updated_at: user.at,
          })
          .execute();
        await trx
          .insertInto('user_profiles')
          .values({ id: user.id, username: user.username, username_key: user.username.toLowerCase(), created_at: user.at })
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new UsernameTakenError();
      throw error;
    }
  }

  async updatePassword(userId: string, passwordHash: string, at: string): Promise<void> {
    await this.#db.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', userId).execute();
  }

  async updatePasswordAndRecoveryCode(userId: string, passwordHash: string, recoveryCodeHash: string, at: string): Promise<void> {
    await this.#db
      .updateTable('users')
      .set({ password_hash: passwordHash, recovery_code_hash: recoveryCodeHash, updated_at: at })
      .where('id', '=', userId)
      .execute();
  }

  /**
   * The recovery code standing in for a lost authenticator app, in one transaction so a half-done
   * recovery cannot leave the user locked out: the code is replaced only if it is still the one that
   * was checked (so it works once, even against a second request racing this one), every factor of
   * the user goes (their challenges cascade), the kept session forgets the factor it proved, and
   * every other session ends. False when the code had already been replaced.
   */
  async replaceRecoveryCodeAndRemoveFactors(change: {
    userId: string;
    checkedHash: string;
    newHash: string;
    keepSessionId: string;
    at: string;
  }): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const replaced = await trx
        .updateTable('users')
        .set({ recovery_code_hash: change.newHash, updated_at: change.at })
        .where('id', '=', change.userId)
        .where('recovery_code_hash', '=', change.checkedHash)
        .executeTakeFirst();
      if (Number(replaced.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('mfa_factors').where('user_id', '=', change.userId).execute();
      await trx
        .updateTable('sessions')
        .set({ aal: 'aal1', factor_id: null, aal2_at: null })
        .where('id', '=', change.keepSessionId)
        .where('user_id', '=', change.userId)
        .execute();
      await trx
        .updateTable('sessions')
        .set({ revoked_at: change.at })
        .where('user_id', '=', change.userId)
        .where('id', '!=', change.keepSessionId)
        .where('revoked_at', 'is', null)
        .execute();
      return true;
    });
  }

  /** Changes the username (profile) and the synthetic email together. Throws UsernameTakenError on a clash. */
  async renameUser(userId: string, username: string, email: string, at: string): Promise<void> {
    try {
      await this.#db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ email, updated_at: at }).where('id', '=', userId).execute();
        await trx
          .updateTable('user_profiles')
          .set({ username, username_key: username.toLowerCase() })
          .where('id', '=', userId)
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new UsernameTakenError();
      throw error;
    }
  }

  /** Deletes the user; foreign keys cascade to profile, bookmarks, sessions, tokens, factors, conversations, messages. */
  async deleteUser(userId: string): Promise<boolean> {
    const result = await this.#db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // --- sessions ---

  async insertSession(session: SessionRecord): Promise<void> {
    await this.#db.insertInto('sessions').values(session).execute();
  }

  async findSessionForRequest(id: string): Promise<(SessionRecord & { has_verified_factor: boolean }) | undefined> {
    const row = await this.#sessionForRequestQuery.executeTakeFirst(id);
    if (!row) return undefined;
    // SQLite answers 0/1, PostgreSQL true/false.
    const flag: unknown = row.has_verified_factor;
    return { ...row, has_verified_factor: flag === true || flag === 1 };
  }

  findSession(id: string): Promise<SessionRecord | undefined> {
    return this.#db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async touchSession(id: string, at: string): Promise<void> {
    await this.#db.updateTable('sessions').set({ last_active_at: at }).where('id', '=', id).execute();
  }

  async revokeSession(id: string, at: string): Promise<void> {
    await this.#db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }

  /** Revokes every live session of the user, except `keepSessionId` when given. */
  async revokeUserSessions(userId: string, at: string, keepSessionId?: string): Promise<number> {
    let query = this.#db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (keepSessionId) query = query.where('id', '!=', keepSessionId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async upgradeSession(id: string, factorId: string, at: string): Promise<void> {
    await this.#db.updateTable('sessions').set({ aal: 'aal2', factor_id: factorId, aal2_at: at }).where('id', '=', id).execute();
  }

  /** Sessions that proved possession of a factor that is now gone fall back to aal1. */
  async downgradeFactorSessions(factorId: string): Promise<void> {
    await this.#db
      .updateTable('sessions')
      .set({ aal: 'aal1', factor_id: null, aal2_at: null })
      .where('factor_id', '=', factorId)
      .execute();
  }

  /** Deletes sessions that can never be used again (their refresh tokens go with them). */
  async deleteEndedSessions(now: string, idleCutoff: string): Promise<number> {
    const result = await this.#db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', now), eb('last_active_at', '<=', idleCutoff)]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // --- refresh tokens ---

  async insertRefreshToken(token: RefreshTokenRecord): Promise<void> {
    await this.#db.insertInto('refresh_tokens').values(token).execute();
  }

  findRefreshTokenByHash(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    return this.#db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  findActiveRefreshToken(sessionId: string): Promise<RefreshTokenRecord | undefined> {
    return this.#db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /**
   * Marks `parentId` used and stores its successor, atomically. Returns false when another request
   * rotated the parent first (the caller then follows the chain instead).
   */
  async rotateRefreshToken(parentId: string, child: RefreshTokenRecord): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: child.created_at })
        .where('id', '=', parentId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return false;
      await trx.insertInto('refresh_tokens').values(child).execute();
      return true;
    });
  }
}
