import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { Config } from '../../config/config.ts';
import type { Assistant } from '../../assistant/assistant.ts';
import type { ProfileService } from '../profiles/service.ts';
import type { AppMetrics } from '../../plugins/metrics.ts';
import type { SharedState } from '../../providers/shared-state/shared-state.ts';
import { VOICE_MAX_FRAME_BYTES } from '../../../shared/voice-protocol.ts';
import { DEFAULT_VOICE_CALL_SETTINGS, type TurnTimings, type VoiceCallSettings } from './voice-call-settings.ts';
import { createVoiceProviders, type VoiceProviders } from '../../providers/engines-from-config.ts';
import { DEFAULT_VOICE_LIMITS, VoiceService, type VoiceLimits } from './voice-service.ts';
import { voiceRoutes } from './routes.ts';
import { siteOriginCheck } from '../../plugins/site-origin.ts';
import type { ActiveCallLimiter } from './active-call-limiter.ts';
import { SharedCallLimiter } from './shared-call-limiter.ts';

/** What tests and benchmarks change about voice: engines, limits, timings. */
export interface VoiceOptions {
  /** Replaces the configured engines (tests pass fakes). */
  providers?: Partial<VoiceProviders>;
  /** `maxCalls` replaces VOICE_MAX_CALLS. */
  limits?: Partial<VoiceLimits>;
  /** Replaces the count of open calls kept in the shared state. */
  callLimiter?: ActiveCallLimiter;
  settings?: Partial<VoiceCallSettings>;
  onTurnTimings?: (timings: TurnTimings) => void;
}

/** The engine behind a failed stage, by its name (the assistant's own failures are counted where it runs). */
function voiceStageProvider(providers: VoiceProviders, stage: string): string {
  if (stage === 'vad') return providers.vad.name;
  if (stage === 'stt') return providers.stt?.name ?? 'none';
  if (stage === 'tts') return providers.tts.name;
  return stage;
}

/** Wires live voice: engines from configuration, the call rules, and GET /api/voice (DESIGN §5.3, §8). */
export async function registerVoice(
  app: FastifyInstance,
  config: Config,
  deps: { assistant: Assistant; profiles: Pick<ProfileService, 'getProfile'>; metrics: AppMetrics; state: SharedState },
  options: VoiceOptions = {},
): Promise<VoiceService> {
  // Configured engines load lazily (on the first call), so the ones a test replaces cost nothing.
  const providers: VoiceProviders = { ...createVoiceProviders(config), ...options.providers };
  if (!providers.stt) app.log.warn('no speech recognition available: voice calls will be refused (see STT_PROVIDER)');

  const limits: VoiceLimits = { ...DEFAULT_VOICE_LIMITS, maxCalls: config.voice.maxCalls, ...options.limits };
  const service = new VoiceService({
    assistant: deps.assistant,
    providers,
    authenticator: app.authenticator,
    profiles: deps.profiles,
    settings: { ...DEFAULT_VOICE_CALL_SETTINGS, turnEndSilenceMs: config.voice.turnEndSilenceMs, ...options.settings },
    limits,
    state: deps.state,
    callLimiter: options.callLimiter ?? new SharedCallLimiter(deps.state, 'voice-calls', limits.maxCalls),
    onTurnTimings: (timings) => {
      app.log.info({ timings }, 'voice turn');
      deps.metrics.voiceTurn(timings.outcome, timings.firstAudioMs);
      options.onTurnTimings?.(timings);
    },
    onFailure: (stage, error) => {
      app.log.warn({ stage, err: error }, 'voice stage failed');
      deps.metrics.providerFailure(voiceStageProvider(providers, stage), stage);
    },
    onReservation: (outcome) => deps.metrics.voiceCall(outcome),
  });
  app.addHook('onClose', () => service.close());

  // ws closes anything far above the limit itself; frames just above it get a clear error first.
  await app.register(websocket, { options: { maxPayload: VOICE_MAX_FRAME_BYTES * 2 } });
  await app.register(voiceRoutes, { service, isSiteOrigin: siteOriginCheck(config) });
  return service;
}
