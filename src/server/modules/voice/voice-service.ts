import type { Assistant } from '../../assistant/assistant.ts';
import type { Authenticator } from '../../plugins/authenticate.ts';
import { RateLimiter, type RateLimitRule } from '../../plugins/rate-limit.ts';
import type { ProfileService } from '../profiles/service.ts';
import type { VoiceActivityDetector } from '../../providers/vad/vad.ts';
import type { VoiceProviders } from './voice-providers.ts';
import type { ActiveCallLimiter } from './active-call-limiter.ts';
import { VoiceCall, type CallChannel, type TurnTimings, type VoiceCallSettings, type VoiceCallTransport } from './voice-call.ts';

export interface VoiceLimits {
  /** Calls open at once from one address (a shelter's shared Wi-Fi has several people). */
  maxCallsPerIp: number;
  /** Call starts per address in a window. */
  startsPerIp: RateLimitRule;
}

export const DEFAULT_VOICE_LIMITS: VoiceLimits = {
  maxCallsPerIp: 3,
  startsPerIp: { limit: 30, windowMs: 10 * 60 * 1000 },
};

export interface VoiceServiceDependencies {
  assistant: Assistant;
  providers: VoiceProviders;
  authenticator: Authenticator;
  profiles: Pick<ProfileService, 'getProfile'>;
  settings: VoiceCallSettings;
  limits: VoiceLimits;
  /** Calls open at once, browser and phone together (each costs CPU for detection and recognition). */
  callLimiter: ActiveCallLimiter;
  now?: () => number;
  onTurnTimings?: (timings: TurnTimings) => void;
  onFailure?: (stage: string, error: unknown) => void;
}

export type Reservation =
  | {
      ok: true;
      /** Takes one of the calls open at once; false when the server is full. */
      acquireCallSlot: () => Promise<boolean>;
      release: () => void;
    }
  | { ok: false };

/** The spoken first message: persona and AI disclosure (DESIGN §7.4), and what happens to the audio. */
export function voiceGreeting(username: string | null): string {
  const hello = username ? `Hi ${username}, I'm Ellis.` : "Hi, I'm Ellis.";
  return `${hello} I'm an AI assistant, not a licensed therapist or social worker, and nothing you say on this call is recorded. What's going on for you today?`;
}

/** Rules of live calls: who may open one, how many, and with which engines. */
export class VoiceService {
  readonly #deps: VoiceServiceDependencies;
  readonly #callsByIp = new Map<string, number>();
  readonly #startLimiter: RateLimiter;
  #openCalls = 0;

  constructor(deps: VoiceServiceDependencies) {
    this.#deps = deps;
    this.#startLimiter = new RateLimiter(deps.now ?? Date.now);
  }

  /** Connections currently holding a call slot (tests check that a dropped connection frees its slot). */
  get openCalls(): number {
    return this.#openCalls;
  }

  get speechRecognitionAvailable(): boolean {
    return this.#deps.providers.stt !== null;
  }

  /** Shared with the phone line: one count of calls for the whole server. */
  get callLimiter(): ActiveCallLimiter {
    return this.#deps.callLimiter;
  }

  /** Takes a connection slot for a new connection, or refuses when the address has too many. */
  reserve(ip: string): Reservation {
    const { limits, callLimiter } = this.#deps;
    const fromIp = this.#callsByIp.get(ip) ?? 0;
    if (fromIp >= limits.maxCallsPerIp) return { ok: false };
    try {
      this.#startLimiter.consume(`voice-start:${ip}`, limits.startsPerIp);
    } catch {
      return { ok: false };
    }
    this.#callsByIp.set(ip, fromIp + 1);
    this.#openCalls += 1;
    let released = false;
    let holdsCallSlot = false;
    return {
      ok: true,
      acquireCallSlot: async () => {
        const acquired = await callLimiter.tryAcquire();
        // The connection may have closed while the count was asked (a shared count is remote).
        if (acquired && released) await callLimiter.release();
        holdsCallSlot = acquired && !released;
        return holdsCallSlot;
      },
      release: () => {
        if (released) return;
        released = true;
        if (holdsCallSlot) void callLimiter.release();
        this.#openCalls -= 1;
        const left = (this.#callsByIp.get(ip) ?? 1) - 1;
        if (left <= 0) this.#callsByIp.delete(ip);
        else this.#callsByIp.set(ip, left);
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
  createCall(options: {
    detector: VoiceActivityDetector;
    transport: VoiceCallTransport;
    username: string | null;
    channel?: CallChannel;
    /** What differs for this transport (the phone line speaks at 8 kHz). */
    settings?: Partial<VoiceCallSettings>;
  }): VoiceCall {
    const { providers, assistant } = this.#deps;
    const settings = { ...this.#deps.settings, ...options.settings };
    if (!providers.stt) throw new Error('speech recognition is not available');
    return new VoiceCall({
      detector: options.detector,
      stt: providers.stt,
      tts: providers.tts,
      assistant,
      transport: options.transport,
      settings,
      username: options.username,
      ...(options.channel ? { channel: options.channel } : {}),
      ...(this.#deps.onTurnTimings ? { onTurnTimings: this.#deps.onTurnTimings } : {}),
      ...(this.#deps.onFailure ? { onFailure: this.#deps.onFailure } : {}),
    });
  }

  async close(): Promise<void> {
    const { vad, stt, tts } = this.#deps.providers;
    await Promise.all([vad.close(), stt?.close(), tts.close()]);
  }
}
