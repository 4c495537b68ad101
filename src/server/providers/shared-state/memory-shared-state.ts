import type { SharedState, WindowCount } from './shared-state.ts';

interface Entry {
  count: number;
  members: Set<string> | null;
  value?: string;
  expiresAt: number;
}

const PRUNE_EVERY_CALLS = 1_000;

/** SharedState for one process (no REDIS_URL). The clock is injected so tests can step time. */
export class MemorySharedState implements SharedState {
  readonly kind = 'memory';
  readonly #entries = new Map<string, Entry>();
  readonly #slots = new Map<string, number>();
  readonly #now: () => number;
  #calls = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const entry = this.#open(key, windowMs);
    entry.count += 1;
    return this.#view(entry, entry.count);
  }

  async read(key: string): Promise<WindowCount> {
    const entry = this.#live(key);
    return entry ? this.#view(entry, entry.count) : { count: 0, resetInMs: 0 };
  }

  async addToSet(key: string, member: string, windowMs: number): Promise<WindowCount> {
    const entry = this.#open(key, windowMs);
    entry.members ??= new Set();
    entry.members.add(member);
    return this.#view(entry, entry.members.size);
  }

  async setSize(key: string): Promise<WindowCount> {
    const entry = this.#live(key);
    return entry ? this.#view(entry, entry.members?.size ?? 0) : { count: 0, resetInMs: 0 };
  }

  async tryHold(key: string, ttlMs: number): Promise<number> {
    const held = this.#live(key);
    if (held) return Math.max(1, held.expiresAt - this.#now());
    this.#entries.set(key, { count: 1, members: null, expiresAt: this.#now() + ttlMs });
    return 0;
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    this.#entries.set(key, { count: 0, members: null, value, expiresAt: this.#now() + ttlMs });
  }

  async take(key: string): Promise<string | null> {
    const entry = this.#live(key);
    this.#entries.delete(key);
    return entry?.value ?? null;
  }

  async acquireSlot(name: string, max: number): Promise<boolean> {
    const taken = this.#slots.get(name) ?? 0;
    if (taken >= max) return false;
    this.#slots.set(name, taken + 1);
    return true;
  }

  async releaseSlot(name: string): Promise<void> {
    const left = (this.#slots.get(name) ?? 1) - 1;
    if (left <= 0) this.#slots.delete(name);
    else this.#slots.set(name, left);
  }

  async close(): Promise<void> {
    this.#entries.clear();
    this.#slots.clear();
  }

  #live(key: string): Entry | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return null;
    }
    return entry;
  }

  #open(key: string, windowMs: number): Entry {
    if (++this.#calls % PRUNE_EVERY_CALLS === 0) this.#prune();
    let entry = this.#live(key);
    if (!entry) {
      entry = { count: 0, members: null, expiresAt: this.#now() + windowMs };
      this.#entries.set(key, entry);
    }
    return entry;
  }

  #view(entry: Entry, count: number): WindowCount {
    return { count, resetInMs: Math.max(0, entry.expiresAt - this.#now()) };
  }

  #prune(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key);
  }
}
