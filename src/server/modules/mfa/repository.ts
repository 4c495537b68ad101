import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema, MfaChallengesTable, MfaFactorsTable } from '../../db/schema.ts';

export type FactorRecord = Selectable<MfaFactorsTable>;
export type ChallengeRecord = Selectable<MfaChallengesTable>;

/** SQL for TOTP factors and their challenges. Every factor query is scoped by the owner. */
export class MfaRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  listFactors(userId: string): Promise<FactorRecord[]> {
    return this.#db
      .selectFrom('mfa_factors')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  findFactor(userId: string, factorId: string): Promise<FactorRecord | undefined> {
    return this.#db
      .selectFrom('mfa_factors')
      .selectAll()
      .where('id', '=', factorId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async insertFactor(factor: FactorRecord): Promise<void> {
    await this.#db.insertInto('mfa_factors').values(factor).execute();
  }

  async deleteUnverifiedFactors(userId: string): Promise<void> {
    await this.#db.deleteFrom('mfa_factors').where('user_id', '=', userId).where('status', '=', 'unverified').execute();
  }

  async deleteFactor(userId: string, factorId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('mfa_factors')
      .where('id', '=', factorId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Records that the code of time step `step` was used and marks the factor verified, but only if no
   * code of this or a later step was used before: a code works once. False means "already used".
   */
  async useTimeStep(factorId: string, step: number, at: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('mfa_factors')
      .set({ last_used_step: step, status: 'verified', updated_at: at })
      .where('id', '=', factorId)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertChallenge(challenge: ChallengeRecord): Promise<void> {
    await this.#db.insertInto('mfa_challenges').values(challenge).execute();
  }

  findChallenge(factorId: string, challengeId: string): Promise<ChallengeRecord | undefined> {
    return this.#db
      .selectFrom('mfa_challenges')
      .selectAll()
      .where('id', '=', challengeId)
      .where('factor_id', '=', factorId)
      .executeTakeFirst();
  }

  /** Counts one try; false when the challenge already had `maxAttempts` tries or was used. */
  async countAttempt(challengeId: string, maxAttempts: number): Promise<boolean> {
    const result = await this.#db
      .updateTable('mfa_challenges')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', challengeId)
      .where('attempts', '<', maxAttempts)
      .where('verified_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async markChallengeVerified(challengeId: string, at: string): Promise<void> {
    await this.#db.updateTable('mfa_challenges').set({ verified_at: at }).where('id', '=', challengeId).execute();
  }

  /** Challenges that can no longer be answered. */
  async deleteExpiredChallenges(before: string): Promise<void> {
    await this.#db.deleteFrom('mfa_challenges').where('expires_at', '<', before).execute();
  }
}
