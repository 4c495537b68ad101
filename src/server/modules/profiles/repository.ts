import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

/** A profile as stored; the API's shape (shared/accounts-api.ts profileSchema). */
export interface ProfileRow {
  id: string;
  username: string;
  created_at: string;
}

/** Reads of user_profiles (rows are created with the user by the auth module). */
export class ProfileRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  findProfile(userId: string): Promise<ProfileRow | undefined> {
    return this.#db.selectFrom('user_profiles').select(['id', 'username', 'created_at']).where('id', '=', userId).executeTakeFirst();
  }

  async usernameKeyExists(usernameKey: string): Promise<boolean> {
    const row = await this.#db.selectFrom('user_profiles').select('id').where('username_key', '=', usernameKey).executeTakeFirst();
    return row !== undefined;
  }
}
