import { PASSWORD_HASHING } from './constants.ts';
import { passwordPool, type PasswordPool } from './password-pool.ts';

export interface PasswordHashingOptions {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * argon2id on the password pool's low-priority worker threads (password-pool.ts): a sign-in never
 * blocks the event loop, nor starves it of CPU. Unknown users are checked against a dummy hash made
 * with the same parameters, so "no such user" and "wrong password" take the same time.
 */
export class PasswordHasher {
  readonly #options: PasswordHashingOptions;
  readonly #pool: PasswordPool;
  #dummyHash: Promise<string> | null = null;

  constructor(options: PasswordHashingOptions = PASSWORD_HASHING, pool: PasswordPool = passwordPool) {
    this.#options = options;
    this.#pool = pool;
  }

  async hash(password: string): Promise<string> {
    return String(await this.#pool.run({ operation: 'hash', password, options: { ...this.#options } }));
  }

  /** True when `password` is common or quickly guessed (password-strength.ts), judged off the event loop. */
  async isEasilyGuessed(password: string, userInputs: string[]): Promise<boolean> {
    return (await this.#pool.run({ operation: 'guessable', password, userInputs })) === true;
  }

  /** Checks `password` against `storedHash`, or against the dummy hash when there is no user. */
  async verify(storedHash: string | null, password: string): Promise<boolean> {
    const target = storedHash ?? (await this.#dummy());
    // The worker answers false for a malformed stored hash.
    const matches = (await this.#pool.run({ operation: 'verify', password, hash: target })) === true;
    return storedHash !== null && matches;
  }

  #dummy(): Promise<string> {
    this.#dummyHash ??= this.hash('ellis-dummy-password-for-timing');
    return this.#dummyHash;
  }
}
