import type { FastifyBaseLogger } from 'fastify';
import { MemorySharedState } from './memory-shared-state.ts';
import { RedisSharedState } from './redis-shared-state.ts';
import type { SharedState } from './shared-state.ts';

/** Redis when REDIS_URL is set (several instances), else this process's memory (one instance). */
export function createSharedState(redisUrl: string | null, logger: FastifyBaseLogger): SharedState {
  if (!redisUrl) return new MemorySharedState();
  let lastWarningAt = 0;
  return new RedisSharedState(redisUrl, {
    onError: (error) => {
      // ioredis reports every reconnect attempt; one line a minute is enough to notice.
      if (Date.now() - lastWarningAt < 60_000) return;
      lastWarningAt = Date.now();
      logger.warn({ err: error }, 'redis unavailable');
    },
  });
}
