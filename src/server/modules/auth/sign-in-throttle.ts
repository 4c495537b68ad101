import { tooManyAttempts, type RateLimitRule } from '../../plugins/rate-limit.ts';
import type { SharedState } from '../../providers/shared-state/shared-state.ts';

/**
 * How password checks slow down guessing without locking anyone out (OWASP authentication
 * guidance; docs/decisions/075-throttle-failures-not-people.md).
 */
export interface SignInThrottleRules {
  /** Failed passwords per account (or per known device) before each further try waits. */
  freeFailures: number;
  /** How long failures are remembered, from the first. */
  failureWindowMs: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Distinct usernames that may fail from one address (a spray) before it must wait. */
  failedUsernamesPerIp: RateLimitRule;
  /** Every password check from one address (bounds the hashing work one address can ask for). */
  attemptsPerIp: RateLimitRule;
}

const MINUTE = 60_000;

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleRules = {
  freeFailures: 5,
  failureWindowMs: 60 * MINUTE,
  firstDelayMs: 2_000,
  maxDelayMs: 2 * MINUTE,
  failedUsernamesPerIp: { limit: 10, windowMs: 15 * MINUTE },
  attemptsPerIp: { limit: 600, windowMs: 15 * MINUTE },
};

/** One password check: from where, for which account, and from which known device if any. */
export interface PasswordAttempt {
  /** Null for a signed-in password check (its session is the known device). */
  ip: string | null;
  /** The account's lower-case email (sign-in) or `user:<id>` (a signed-in password check). */
  account: string;
  /** A known device of this account (cookie or live session): it has a budget of its own. */
  deviceId: string | null;
}

/**
 * Counts failures only, and answers them with a growing wait rather than a lock. Attempts from a
 * known device are counted on that device alone, so an attack on the account elsewhere never slows
 * its owner down; attempts from elsewhere share the account's budget. An address that fails for
 * many different usernames is a spray and waits; one that signs many people in (a shelter's Wi-Fi)
 * is not. Every 429 carries the exact time until the next try is accepted.
 */
export class SignInThrottle {
  readonly #state: SharedState;
  readonly #rules: SignInThrottleRules;

  constructor(state: SharedState, rules: SignInThrottleRules) {
    this.#state = state;
    this.#rules = rules;
  }

  /** Throws a 429 when this attempt must wait; otherwise lets it check the password. */
  async admit(attempt: PasswordAttempt): Promise<void> {
    const rules = this.#rules;
    if (attempt.ip !== null) {
      const fromIp = await this.#state.increment(`signin:attempts:ip:${attempt.ip}`, rules.attemptsPerIp.windowMs);
      if (fromIp.count > rules.attemptsPerIp.limit) throw tooManyAttempts(fromIp.resetInMs);
    }
    if (!attempt.deviceId && attempt.ip !== null) {
      const spray = await this.#state.setSize(this.#failedNamesKey(attempt.ip));
      if (spray.count >= rules.failedUsernamesPerIp.limit) throw tooManyAttempts(spray.resetInMs);
    }
    const bucket = this.#bucket(attempt);
    const failures = (await this.#state.read(`signin:failures:${bucket}`)).count;
    if (failures < rules.freeFailures) return;
    // Past the free failures each try takes the wait of the next failure up front, atomically, so
    // parallel guesses cannot slip in beside it.
    const delayMs = Math.min(rules.maxDelayMs, rules.firstDelayMs * 2 ** (failures - rules.freeFailures));
    const waitLeftMs = await this.#state.tryHold(`signin:wait:${bucket}`, delayMs);
    if (waitLeftMs > 0) throw tooManyAttempts(waitLeftMs);
  }

  async recordFailure(attempt: PasswordAttempt): Promise<void> {
    await this.#state.increment(`signin:failures:${this.#bucket(attempt)}`, this.#rules.failureWindowMs);
    if (!attempt.deviceId && attempt.ip !== null) {
      await this.#state.addToSet(this.#failedNamesKey(attempt.ip), attempt.account, this.#rules.failedUsernamesPerIp.windowMs);
    }
  }

  /** A known device that got its password right starts afresh; the account's budget does not. */
  async recordSuccess(attempt: PasswordAttempt): Promise<void> {
    if (!attempt.deviceId) return;
    const bucket = this.#bucket(attempt);
    await Promise.all([this.#state.delete(`signin:failures:${bucket}`), this.#state.delete(`signin:wait:${bucket}`)]);
  }

  #bucket(attempt: PasswordAttempt): string {
    return attempt.deviceId ? `device:${attempt.account}:${attempt.deviceId}` : `account:${attempt.account}`;
  }

  #failedNamesKey(ip: string): string {
    return `signin:failed-names:ip:${ip}`;
  }
}
