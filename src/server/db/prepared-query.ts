import type { Compilable, CompiledQuery, QueryResult } from 'kysely';

/** Only compared with the parameters at build time, so a caller's value never has to avoid it. */
const placeholder = (index: number) => `\u0000prepared-query-parameter-${index}\u0000`;

/** What PreparedQuery needs of a Kysely instance. */
export interface QueryRunner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/**
 * A query built and compiled once, then run with new parameters. Kysely rebuilds and recompiles a
 * query's tree on every call: about 20 µs for the session lookup and 27 µs for the bookmark list,
 * a sixth of the bookmark list's CPU time (docs/performance.md). The queries every authenticated
 * request runs use this; the rest stay ordinary Kysely calls.
 *
 * `build` receives one string placeholder per parameter and must use each of them as a value.
 */
export class PreparedQuery<Args extends string[], Row> {
  readonly #db: QueryRunner;
  readonly #compiled: CompiledQuery<Row>;
  /** For each SQL parameter: the index of the caller's argument, or -1 for a value fixed at build time. */
  readonly #argumentIndexes: number[];

  constructor(db: QueryRunner, build: (...placeholders: Args) => Compilable<Row>) {
    const placeholders = Array.from({ length: build.length }, (_, index) => placeholder(index)) as Args;
    this.#db = db;
    this.#compiled = build(...placeholders).compile();
    this.#argumentIndexes = this.#compiled.parameters.map((value) => (placeholders as string[]).indexOf(value as string));
    for (let index = 0; index < placeholders.length; index++) {
      if (!this.#argumentIndexes.includes(index)) throw new Error(`PreparedQuery: placeholder ${index} is not used as a value`);
    }
  }

  async execute(...args: Args): Promise<Row[]> {
    const fixed = this.#compiled.parameters;
    const parameters = this.#argumentIndexes.map((argumentIndex, position) => (argumentIndex === -1 ? fixed[position] : args[argumentIndex]));
    const result = await this.#db.executeQuery<Row>({ ...this.#compiled, parameters });
    return result.rows;
  }

  async executeTakeFirst(...args: Args): Promise<Row | undefined> {
    const rows = await this.execute(...args);
    return rows[0];
  }
}
