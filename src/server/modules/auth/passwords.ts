import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { PASSWORD_HASHING } from './constants.ts';

/** Algorithm.Argon2id; the package's enum is a const enum, which erasable TypeScript cannot read. */
const ARGON2ID = 2 as Algorithm;

export interface PasswordHashingOptions {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * argon2id through @node-rs/argon2's async functions, which run on libuv's thread pool: a sign-in
 * never blocks the event loop. Unknown users are checked against a dummy hash made with the same
 * parameters, so "no such user" and "wrong password" take the same time.
 */
export class PasswordHasher {
  readonly #options: PasswordHashingOptions;
  #dummyHash: Promise<string> | null = null;

  constructor(options: PasswordHashingOptions = PASSWORD_HASHING) {
    this.#options = options;
  }

  hash(password: string): Promise<string> {
    return hash(password, { ...this.#options, algorithm: ARGON2ID });
  }

  /** Checks `password` against `storedHash`, or against the dummy hash when there is no user. */
  async verify(storedHash: string | null, password: string): Promise<boolean> {
    const target = storedHash ?? (await this.#dummy());
    try {
      const matches = await verify(target, password);
      return storedHash !== null && matches;
    } catch {
      return false;
    }
  }

  #dummy(): Promise<string> {
    this.#dummyHash ??= this.hash('ellis-dummy-password-for-timing');
    return this.#dummyHash;
  }
}
