import type { Assistant } from '../../assistant/assistant.ts';
import type { Authenticator } from '../../plugins/authenticate.ts';
import { RateLimiter, type RateLimitRule } from '../../plugins/rate-limit.ts';
import type { SharedState } from '../../providers/shared-state/shared-state.ts';
import { SharedCallLimiter } from './shared-call-limiter.ts';
import type { ProfileService } from '../profiles/service.ts';
import type { VoiceActivityDetector } from '../../providers/vad/vad.ts';
import type { VoiceProviders } from './voice-providers.ts';
import { VoiceCall, type TurnTimings, type VoiceCallSettings, type VoiceCallTransport } from './voice-call.ts';

export interface VoiceLimits {
  /** Calls open at once from one address (a shelter's shared Wi-Fi has several people). */
  maxCallsPerIp: number;
  /** Calls open at once across instances (each one costs CPU for detection and recognition). */
  maxCalls: number;
  /** Call starts per address in a window. */
  startsPerIp: RateLimitRule;
}

export const DEFAULT_VOICE_LIMITS: VoiceLimits = {
  maxCallsPerIp: 3,
  maxCalls: 40,
  startsPerIp: { limit: 30, windowMs: 10 * 60 * 1000 },
};

export interface VoiceServiceDependencies {
  assistant: Assistant;
  providers: VoiceProviders;
  authenticator: Authenticator;
  profiles: Pick<ProfileService, 'getProfile'>;
  settings: VoiceCallSettings;
  limits: VoiceLimits;
  /** Where call counts and start limits live (shared by every instance with REDIS_URL). */
  state: SharedState;
  onTurnTimings?: (timings: TurnTimings) => void;
  onFailure?: (stage: string, error: unknown) => void;
  /** Told whether each call asked for got a slot (metrics). */
  onReservation?: (outcome: 'started' | 'refused') => void;
}

export type Reservation = { ok: true; release: () => Promise<void> } | { ok: false };

/** The spoken first message: persona and AI disclosure (DESIGN §7.4), and what happens to the audio. */
export function voiceGreeting(username: string | null): string {
  const hello = username ? `Hi ${username}, I'm Ellis.` : "Hi, I'm Ellis.";
  return `${hello} I'm an AI assistant, not a licensed therapist or social worker, and nothing you say on this call is recorded. What's going on for you today?`;
}

/** Rules of live calls: who may open one, how many, and with which engines. */
export class VoiceService {
  readonly #deps: VoiceServiceDependencies;
  readonly #startLimiter: RateLimiter;
  readonly #calls: SharedCallLimiter;
  #openCalls = 0;

  constructor(deps: VoiceServiceDependencies) {
    this.#deps = deps;
    this.#startLimiter = new RateLimiter(deps.state);
    this.#calls = new SharedCallLimiter(deps.state, 'voice-calls', deps.limits.maxCalls);
  }

  /** Connections of this process holding a call slot (tests check that a dropped connection frees its slot). */
  get openCalls(): number {
    return this.#openCalls;
  }

  get speechRecognitionAvailable(): boolean {
    return this.#deps.providers.stt !== null;
  }

  /** Takes a call slot for a new connection, or refuses when the address or every instance is full. */
  async reserve(ip: string): Promise<Reservation> {
    const reservation = await this.#reserve(ip);
    this.#deps.onReservation?.(reservation.ok ? 'started' : 'refused');
    return reservation;
  }

  async #reserve(ip: string): Promise<Reservation> {
    const { limits, state } = this.#deps;
    try {
      await this.#startLimiter.consume(`voice-start:${ip}`, limits.startsPerIp);
    } catch {
      return { ok: false };
    }
    const ipSlots = new SharedCallLimiter(state, `voice-calls:ip:${ip}`, limits.maxCallsPerIp);
    if (!(await ipSlots.tryAcquire())) return { ok: false };
    if (!(await this.#calls.tryAcquire())) {
      await ipSlots.release();
      return { ok: false };
    }
    this.#openCalls += 1;
    let released = false;
    return {
      ok: true,
      release: async () => {
        if (released) return;
        released = true;
        this.#openCalls -= 1;
        await Promise.all([ipSlots.release(), this.#calls.release()]);
      },
    };
  }

  /** The signed-in caller's username; throws when the token is not a live session. */
  async usernameFor(accessToken: string): Promise<string | null> {
    const session = await this.#deps.authenticator.authenticate(accessToken);
    try {
      return (await this.#deps.profiles.getProfile(session.userId)).username;
    } catch {
      // No profile row: the greeting simply has no name in it.
      return null;
    }
  }

  createDetector(): Promise<VoiceActivityDetector> {
    return this.#deps.providers.vad.createDetector();
  }

  /** A call wired to the configured engines; the caller has checked that recognition is available. */
  createCall(options: { detector: VoiceActivityDetector; transport: VoiceCallTransport; username: string | null }): VoiceCall {
    const { providers, assistant, settings } = this.#deps;
    if (!providers.stt) throw new Error('speech recognition is not available');
    return new VoiceCall({
      detector: options.detector,
      stt: providers.stt,
      tts: providers.tts,
      assistant,
      transport: options.transport,
      settings,
      username: options.username,
      ...(this.#deps.onTurnTimings ? { onTurnTimings: this.#deps.onTurnTimings } : {}),
      ...(this.#deps.onFailure ? { onFailure: this.#deps.onFailure } : {}),
    });
  }

  async close(): Promise<void> {
    const { vad, stt, tts } = this.#deps.providers;
    await Promise.all([vad.close(), stt?.close(), tts.close()]);
  }
}
