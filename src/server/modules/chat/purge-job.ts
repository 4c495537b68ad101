import type { FastifyBaseLogger } from 'fastify';
import type { SharedState } from '../../providers/shared-state/shared-state.ts';

/** How often expired anonymous conversations are deleted (they are unreachable from their expiry anyway). */
export const CHAT_PURGE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Runs `purge` now and then every `intervalMs` (DESIGN §1.5: anonymous chats are purged after 24 h).
 * A failed run is logged and the next one tries again. With several instances only the one that
 * takes the interval's lock in the shared state (Redis) runs it. Returns a function that stops the job.
 */
export function startChatPurgeJob(options: {
  purge: () => Promise<number>;
  state: SharedState;
  intervalMs: number;
  logger: FastifyBaseLogger;
}): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      // Held a little less than an interval, so the next interval's run is never locked out by this one.
      if ((await options.state.tryHold('lock:chat-purge', Math.floor(options.intervalMs * 0.9))) > 0) return;
      const removed = await options.purge();
      if (removed > 0) options.logger.info({ removed }, 'expired public conversations removed');
    } catch (error) {
      options.logger.warn({ err: error }, 'expired conversation cleanup failed');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
