import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import type { Logger } from 'pino';
import type { Config } from './config/config.ts';
import type { Database } from './db/database.ts';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers.ts';
import { frameworkErrorHandler, registerErrorHandler, registerRequestGuards } from './plugins/errors.ts';
import { AppMetrics, meteredAssistant, registerMetrics } from './plugins/metrics.ts';
import { registerRouteContracts } from './plugins/route-contracts.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { registerAuth, type AccountOptions } from './modules/auth/setup.ts';
import { registerProfiles } from './modules/profiles/setup.ts';
import { registerBookmarks } from './modules/bookmarks/setup.ts';
import { registerAccount } from './modules/account/setup.ts';
import { resourceRoutes } from './modules/resources/routes.ts';
import { registerDirectory, type DirectoryOptions } from './modules/directory/setup.ts';
import { registerChat, type ChatOptions } from './modules/chat/setup.ts';
import { registerVoice, type VoiceOptions } from './modules/voice/setup.ts';
import { registerTelephony } from './modules/telephony/setup.ts';
import type { Assistant } from './assistant/assistant.ts';
import type { SharedState } from './providers/shared-state/shared-state.ts';
import { createSharedState } from './providers/shared-state/create-shared-state.ts';
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
  /**
   * Rate-limit counters, call slots and job locks; default from REDIS_URL (Redis, shared by every
   * instance) or this process's memory. Tests pass one on their fake clock.
   */
  sharedState?: SharedState;
  /** Directory wiring tests may change: a fake clock, rate limits, whether the shipped data loads. */
  directory?: DirectoryOptions;
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
  const metrics = new AppMetrics();
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    frameworkErrors: frameworkErrorHandler(securityHeaders({ secure: config.secure })),
  });

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  const state = deps.sharedState ?? createSharedState(config.redisUrl, app.log);
  // A state the app made is the app's to close; one passed in belongs to the caller.
  if (!deps.sharedState) app.addHook('onClose', () => state.close());
  registerErrorHandler(app, metrics);
  // Before any route: every route's schemas go through the zod compilers and into the OpenAPI document.
  registerRouteContracts(app, { checkResponses: config.checkResponseSchemas });
  registerSecurityHeaders(app, { secure: config.secure });
  registerRequestGuards(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerMetrics(app, metrics);

  await app.register(healthRoutes, { pingDatabase: () => deps.database.ping() });
  // Every module is registered here, in the order their services depend on each other.
  const { auth, limiter, limits, now } = await registerAuth(app, config, deps.database, state, deps.accounts);
  const profiles = await registerProfiles(app, deps.database, { limiter, usernameCheckPerIp: limits.usernameCheckPerIp });
  const bookmarks = await registerBookmarks(app, deps.database, { now });
  await app.register(resourceRoutes);
  const directory = await registerDirectory(app, deps.database, state, deps.directory);
  const assistant = meteredAssistant(deps.assistant ?? createAssistantFromConfig(config, { logger: app.log, directory }), metrics);
  const chat = await registerChat(app, { database: deps.database, assistant, profiles, state }, deps.chat);
  await registerAccount(app, { auth, profiles, bookmarks, chat, now, secureCookies: config.secure });
  const voice = await registerVoice(app, config, { assistant, profiles, metrics, state }, deps.voice);
  await registerTelephony(app, config, { voice, state });

  const webApp = deps.distDir
    ? await registerWebApp(app, {
        distDir: deps.distDir,
        publicConfig: toPublicConfig(config, { available: voice.speechRecognitionAvailable }),
        directory,
      })
    : null;

  app.setNotFoundHandler((request, reply) => {
    if (webApp && wantsHtml(request)) return webApp.sendNotFoundPage(reply, request);
    app.appMetrics?.requestError('not_found');
    return reply.status(404).send({ code: 'not_found', message: 'Nothing is here.' });
  });

  return app;
}
