import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import type { Logger } from 'pino';
import type { Config } from './config/config.ts';
import type { Database } from './db/database.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { registerAccounts, type AccountOptions } from './modules/auth/setup.ts';
import { resourceRoutes } from './modules/resources/routes.ts';
import { registerChat, type ChatOptions } from './modules/chat/setup.ts';
import { registerVoice, type VoiceOptions } from './modules/voice/setup.ts';
import { registerTelephony } from './modules/telephony/setup.ts';
import type { Assistant } from './assistant/assistant.ts';
import { createAssistantFromConfig } from './assistant/setup.ts';
import { registerWebApp, wantsHtml } from './web/web-app.ts';
import { toPublicConfig } from './web/page-renderer.ts';

export interface AppDependencies {
  database: Database;
  logger: Logger | false;
  /** Folder with the Vite build (client/ and server/); null serves the API only (most tests). */
  distDir: string | null;
  /** Account wiring tests may change: fixed auth keys, a fake clock, smaller rate limits. */
  accounts?: AccountOptions;
  /** The assistant behind chat, voice and the test chat; tests pass a scripted one. Default: from config. */
  assistant?: Assistant;
  /** Chat wiring tests may change: a fake clock, smaller rate limits, a short heartbeat. */
  chat?: ChatOptions;
  /** Voice wiring tests and benchmarks may change: fake engines, limits, timings. */
  voice?: VoiceOptions;
  /** Told about every route as it is added: the security suites walk the app's own route list. */
  onRoute?: (route: RouteOptions) => void;
}

/** JSON bodies above this are refused with 413 (DESIGN §6). */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * One log line per request instead of two: the completion line already carries method, route,
 * status and time, and writing the "incoming request" line cost about a fifth of the server's CPU
 * on the bookmark list (docs/performance.md).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
}

export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  // Typed as the base logger so plugins and route modules accept this instance.
  const loggerInstance: FastifyBaseLogger | undefined = deps.logger || undefined;
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
  });

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  registerErrorHandler(app);
  registerSecurityHeaders(app, { secure: config.secure });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerMetrics(app);

  await app.register(healthRoutes, { pingDatabase: () => deps.database.ping() });
  const accounts = await registerAccounts(app, config, deps.database, deps.accounts);
  await app.register(resourceRoutes);
  const assistant = deps.assistant ?? createAssistantFromConfig(config, { logger: app.log });
  await registerChat(app, { database: deps.database, assistant, profiles: accounts.profiles }, deps.chat);
  const voice = await registerVoice(app, config, { assistant, profiles: accounts.profiles }, deps.voice);
  await registerTelephony(app, config, voice);

  const webApp = deps.distDir
    ? await registerWebApp(app, { distDir: deps.distDir, publicConfig: toPublicConfig(config) })
    : null;

  app.setNotFoundHandler((request, reply) => {
    if (webApp && wantsHtml(request)) return webApp.sendNotFoundPage(reply);
    return reply.status(404).send({ code: 'not_found', message: 'Nothing is here.' });
  });

  return app;
}
