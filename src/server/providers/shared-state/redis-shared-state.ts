import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { SharedState, WindowCount } from './shared-state.ts';

/** An instance's slots count while its heartbeat key lives; it is renewed well before it lapses. */
const HEARTBEAT_TTL_MS = 30_000;
const HEARTBEAT_EVERY_MS = 10_000;

const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

const ADD_TO_SET = `
redis.call('SADD', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {redis.call('SCARD', KEYS[1]), redis.call('PTTL', KEYS[1])}`;

const TRY_HOLD = `
if redis.call('SET', KEYS[1], '1', 'PX', ARGV[1], 'NX') then return 0 end
return math.max(redis.call('PTTL', KEYS[1]), 1)`;

// Sums the slots of live instances (their heartbeat key exists), forgets dead ones, takes one if free.
const ACQUIRE_SLOT = `
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #fields, 2 do
  if redis.call('EXISTS', ARGV[3] .. fields[i]) == 1 then total = total + tonumber(fields[i + 1])
  else redis.call('HDEL', KEYS[1], fields[i]) end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
return 1`;

const RELEASE_SLOT = `
local left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return left`;

function toWindow(reply: unknown): WindowCount {
  const [count, ttl] = reply as [number, number];
  return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
}

/** SharedState in Redis (REDIS_URL): every instance counts against the same limits. */
export class RedisSharedState implements SharedState {
  readonly kind = 'redis';
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #instanceId = randomUUID();
  readonly #heartbeat: NodeJS.Timeout;

  constructor(url: string, options: { keyPrefix?: string; onError?: (error: Error) => void } = {}) {
    // A request waits for Redis at most one retry: a limit that cannot be checked fails the request
    // (503) instead of hanging it.
    this.#redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: false });
    this.#redis.on('error', (error: Error) => options.onError?.(error));
    this.#prefix = options.keyPrefix ?? 'ellis:';
    void this.#beat();
    this.#heartbeat = setInterval(() => void this.#beat(), HEARTBEAT_EVERY_MS);
    this.#heartbeat.unref();
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    return toWindow(await this.#redis.eval(INCREMENT, 1, this.#key(key), windowMs));
  }

  async read(key: string): Promise<WindowCount> {
    const [[, count], [, ttl]] = (await this.#redis.multi().get(this.#key(key)).pttl(this.#key(key)).exec()) as [[null, string | null], [null, number]];
    return count === null ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: Math.max(0, ttl) };
  }

  async addToSet(key: string, member: string, windowMs: number): Promise<WindowCount> {
    return toWindow(await this.#redis.eval(ADD_TO_SET, 1, this.#key(key), member, windowMs));
  }

  async setSize(key: string): Promise<WindowCount> {
    const [[, size], [, ttl]] = (await this.#redis.multi().scard(this.#key(key)).pttl(this.#key(key)).exec()) as [[null, number], [null, number]];
    return { count: size, resetInMs: Math.max(0, ttl) };
  }

  async tryHold(key: string, ttlMs: number): Promise<number> {
    return Number(await this.#redis.eval(TRY_HOLD, 1, this.#key(key), Math.max(1, Math.round(ttlMs))));
  }

  async delete(key: string): Promise<void> {
    await this.#redis.del(this.#key(key));
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#redis.set(this.#key(key), value, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async take(key: string): Promise<string | null> {
    return this.#redis.getdel(this.#key(key));
  }

  async acquireSlot(name: string, max: number): Promise<boolean> {
    await this.#beat();
    return (await this.#redis.eval(ACQUIRE_SLOT, 1, this.#key(`slots:${name}`), this.#instanceId, max, this.#key('instance:'))) === 1;
  }

  async releaseSlot(name: string): Promise<void> {
    await this.#redis.eval(RELEASE_SLOT, 1, this.#key(`slots:${name}`), this.#instanceId);
  }

  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    try {
      await this.#redis.del(this.#key(`instance:${this.#instanceId}`));
      await this.#redis.quit();
    } catch {
      this.#redis.disconnect();
    }
  }

  #key(key: string): string {
    return `${this.#prefix}${key}`;
  }

  async #beat(): Promise<void> {
    try {
      await this.#redis.set(this.#key(`instance:${this.#instanceId}`), '1', 'PX', HEARTBEAT_TTL_MS);
    } catch {
      // Redis is away: the next request that needs it reports the failure.
    }
  }
}
