import { join } from 'node:path';

/**
 * The environment of a server the journeys run against, on `url` with its SQLite file in `scratchDir`.
 * The journeys assert the defaults: no Ellis line (call links dial 211), no donate or chat-collection
 * links, the default quick-exit site. Empty means unset to the server.
 */
export function e2eServerEnv(url: string, scratchDir: string): Record<string, string> {
  return {
    PORT: new URL(url).port,
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATABASE_URL: `file:${join(scratchDir, 'e2e.db')}`,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ELLIS_PHONE_NUMBER: '',
    DONATE_URL: '',
    CHAT_COLLECTION_URL: '',
    QUICK_EXIT_URL: '',
    // Each journey sends an X-Forwarded-For of its own (support.ts): its own visitor for the limits.
    TRUST_PROXY: 'true',
  };
}
