import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { Config } from '../../config/config.ts';
import type { Assistant } from '../../assistant/assistant.ts';
import type { ProfileService } from '../profiles/service.ts';
import { VOICE_MAX_FRAME_BYTES } from '../../../shared/voice-protocol.ts';
import { DEFAULT_VOICE_CALL_SETTINGS, type TurnTimings, type VoiceCallSettings } from './voice-call.ts';
import { createVoiceProviders, type VoiceProviders } from './voice-providers.ts';
import { DEFAULT_VOICE_LIMITS, VoiceService, type VoiceLimits } from './voice-service.ts';
import { voiceRoutes } from './routes.ts';
import { InProcessCallLimiter, type ActiveCallLimiter } from './active-call-limiter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live voice calls; tests read its open-call count. */
    voice: VoiceService;
  }
}

/** What tests and benchmarks change about voice: engines, limits, timings. */
export interface VoiceOptions {
  /** Replaces the configured engines (tests pass fakes). */
  providers?: Partial<VoiceProviders>;
  /** `maxCalls` replaces VOICE_MAX_CALLS for the in-process count. */
  limits?: Partial<VoiceLimits> & { maxCalls?: number };
  /** Replaces the in-process count of open calls (a count shared by every instance). */
  callLimiter?: ActiveCallLimiter;
  settings?: Partial<VoiceCallSettings>;
  onTurnTimings?: (timings: TurnTimings) => void;
}

/** Wires live voice: engines from configuration, the call rules, and GET /api/voice (DESIGN §5.3, §8). */
export async function registerVoice(
  app: FastifyInstance,
  config: Config,
  deps: { assistant: Assistant; profiles: Pick<ProfileService, 'getProfile'> },
  options: VoiceOptions = {},
): Promise<VoiceService> {
  // Configured engines load lazily (on the first call), so the ones a test replaces cost nothing.
  const providers: VoiceProviders = { ...createVoiceProviders(config), ...options.providers };
  if (!providers.stt) app.log.warn('no speech recognition available: voice calls will be refused (see STT_PROVIDER)');

  const service = new VoiceService({
    assistant: deps.assistant,
    providers,
    authenticator: app.authenticator,
    profiles: deps.profiles,
    settings: { ...DEFAULT_VOICE_CALL_SETTINGS, turnEndSilenceMs: config.voice.turnEndSilenceMs, ...options.settings },
    limits: { ...DEFAULT_VOICE_LIMITS, ...options.limits },
    callLimiter: options.callLimiter ?? new InProcessCallLimiter(options.limits?.maxCalls ?? config.voice.maxCalls),
    onTurnTimings: (timings) => {
      app.log.info({ timings }, 'voice turn');
      options.onTurnTimings?.(timings);
    },
    onFailure: (stage, error) => app.log.warn({ stage, err: error }, 'voice stage failed'),
  });
  app.addHook('onClose', () => service.close());
  app.decorate('voice', service);

  // ws closes anything far above the limit itself; frames just above it get a clear error first.
  await app.register(websocket, { options: { maxPayload: VOICE_MAX_FRAME_BYTES * 2 } });
  await app.register(voiceRoutes, { service, publicOrigin: new URL(config.publicUrl).origin });
  return service;
}
