/**
 * How many calls (browser and phone together) may be open at once. A port, so that several
 * instances can share one count (a Redis adapter with the same shape); each call that got `true`
 * from `tryAcquire` calls `release` exactly once.
 */
export interface ActiveCallLimiter {
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

/** The count for one process. */
export class InProcessCallLimiter implements ActiveCallLimiter {
  readonly #maxCalls: number;
  #active = 0;

  constructor(maxCalls: number) {
    this.#maxCalls = maxCalls;
  }

  get active(): number {
    return this.#active;
  }

  async tryAcquire(): Promise<boolean> {
    if (this.#active >= this.#maxCalls) return false;
    this.#active += 1;
    return true;
  }

  async release(): Promise<void> {
    this.#active = Math.max(0, this.#active - 1);
  }
}
