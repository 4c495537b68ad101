/**
 * How many calls (browser and phone together) may be open at once. A port, so that several
 * instances can share one count (a Redis adapter with the same shape); each call that got `true`
 * from `tryAcquire` calls `release` exactly once.
 */
export interface ActiveCallLimiter {
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}
