/**
 * State every app instance must see the same way: rate-limit counters, call counts, job leadership
 * (DESIGN §2 scale-out). One process keeps it in memory; several share it through Redis (REDIS_URL).
 * Windows are fixed: they start with their first hit and end `windowMs` later.
 */
export interface WindowCount {
  count: number;
  /** Time left in the window; 0 when nothing is counted. */
  resetInMs: number;
}

export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /** Adds one to `key`'s counter, starting a window if none is open. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** The counter without changing it. */
  read(key: string): Promise<WindowCount>;
  /** Adds `member` to `key`'s set, starting a window if none is open; `count` is the set's size. */
  addToSet(key: string, member: string, windowMs: number): Promise<WindowCount>;
  /** The set's size without changing it. */
  setSize(key: string): Promise<WindowCount>;
  /**
   * Sets a "wait until" marker for `ttlMs` unless one is already set (atomically, so two requests
   * cannot both pass): 0 when this call set it, else the time left on the existing one.
   */
  tryHold(key: string, ttlMs: number): Promise<number>;
  delete(key: string): Promise<void>;
  /** Keeps `value` under `key` for `ttlMs` (what one instance hands to another, such as a phone call's handoff). */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** Reads and removes `key`'s value at once, so only one instance gets it; null when absent or expired. */
  take(key: string): Promise<string | null>;
  /**
   * Takes one of `max` slots of `name` (open voice calls across instances), or returns false.
   * Slots of an instance that died without giving them back are freed within a minute.
   */
  acquireSlot(name: string, max: number): Promise<boolean>;
  releaseSlot(name: string): Promise<void>;
  close(): Promise<void>;
}
