import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app-error.ts';
import type { Database } from '../../db/database.ts';
import type { Assistant } from '../../assistant/assistant.ts';
import { RateLimiter } from '../../plugins/rate-limit.ts';
import type { SharedState } from '../../providers/shared-state/shared-state.ts';
import type { ProfileService } from '../profiles/service.ts';
import { ChatRepository } from './repository.ts';
import { ChatService, DEFAULT_CHAT_RATE_LIMITS, type ChatRateLimits } from './service.ts';
import { chatRoutes } from './routes.ts';
import { CHAT_PURGE_INTERVAL_MS, startChatPurgeJob } from './purge-job.ts';

/** What tests and the benchmark change about chat. */
export interface ChatOptions {
  /** Milliseconds since the epoch; a fake clock in tests. */
  now?: () => number;
  rateLimits?: Partial<ChatRateLimits>;
  heartbeatIntervalMs?: number;
  purgeIntervalMs?: number;
}

/**
 * Wires text chat and the test chat (DESIGN §5.2): service, routes, and the job that deletes
 * expired anonymous conversations when the app starts and every few minutes after.
 */
export async function registerChat(
  app: FastifyInstance,
  deps: { database: Database; assistant: Assistant; profiles: ProfileService; state: SharedState },
  options: ChatOptions = {},
): Promise<ChatService> {
  const now = options.now ?? Date.now;
  const chat = new ChatService({
    repository: new ChatRepository(deps.database.db),
    assistant: deps.assistant,
    limiter: new RateLimiter(deps.state),
    limits: { ...DEFAULT_CHAT_RATE_LIMITS, ...options.rateLimits },
    usernameOf: async (userId) => {
      try {
        return (await deps.profiles.getProfile(userId)).username;
      } catch (error) {
        // No profile row: the welcome simply has no name in it.
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },
    now,
    logger: app.log,
  });
  await app.register(chatRoutes, {
    chat,
    ...(options.heartbeatIntervalMs ? { heartbeatIntervalMs: options.heartbeatIntervalMs } : {}),
  });

  let stopPurge: (() => void) | null = null;
  app.addHook('onReady', async () => {
    stopPurge = startChatPurgeJob({
      purge: () => chat.purgeExpired(),
      state: deps.state,
      intervalMs: options.purgeIntervalMs ?? CHAT_PURGE_INTERVAL_MS,
      logger: app.log,
    });
  });
  app.addHook('onClose', async () => stopPurge?.());
  return chat;
}
