import type { Assistant } from '../../assistant/assistant.ts';
import { fill, guideWording } from '../../assistant/guide-wording.ts';
import type { SiteLocale } from '../../../shared/site-locales.ts';
import type { Authenticator } from '../../plugins/authenticate.ts';
import { RateLimiter, type RateLimitRule } from '../../plugins/rate-limit.ts';
import type { SharedState } from '../../providers/shared-state/shared-state.ts';
import { SharedCallLimiter } from './shared-call-limiter.ts';
import type { ProfileService } from '../profiles/service.ts';
import type { VoiceActivityDetector } from '../../providers/vad/vad.ts';
import type { VoiceProviders } from '../../providers/engines-from-config.ts';
import type { ActiveCallLimiter } from './active-call-limiter.ts';
import { VoiceCall, type VoiceCallTransport } from './voice-call.ts';
import type { TurnTimings, VoiceCallSettings } from './voice-call-settings.ts';
import type { CallChannel } from './call-channel.ts';

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
  /** Calls open at once, browser and phone together (each costs CPU for detection and recognition). */
  callLimiter: ActiveCallLimiter;
  onTurnTimings?: (timings: TurnTimings) => void;
  onFailure?: (stage: string, error: unknown) => void;
  /** Told whether each call asked for got a slot (metrics). */
  onReservation?: (outcome: 'started' | 'refused') => void;
}

export type Reservation =
  | {
      ok: true;
      /** Takes one of the calls open at once; false when the server is full. */
      acquireCallSlot: () => Promise<boolean>;
      release: () => Promise<void>;
    }
  | { ok: false };

/** The spoken first message: persona and AI disclosure (DESIGN §7.4), and what happens to the audio. */
export function voiceGreeting(username: string | null, locale: SiteLocale = 'en'): string {
  const words = guideWording(locale).welcome;
  const greeting = username ? fill(words.privateGreetingNamed, { username }) : words.privateGreeting;
  return fill(words.voice, { greeting });
}

/** Rules of live calls: who may open one, how many, and with which engines. */
export class VoiceService {
  readonly #deps: VoiceServiceDependencies;
  readonly #startLimiter: RateLimiter;

  constructor(deps: VoiceServiceDependencies) {
    this.#deps = deps;
    this.#startLimiter = new RateLimiter(deps.state);
  }

  /** The language calls speak: the page's when the voice speaks every language, English otherwise (Flite). */
  callLocale(pageLocale: SiteLocale | null | undefined): SiteLocale {
    return this.#deps.providers.tts.speaksEveryLanguage && pageLocale ? pageLocale : 'en';
  }

  get speechRecognitionAvailable(): boolean {
    return this.#deps.providers.stt !== null;
  }

  /** Shared with the phone line: one count of calls, across instances with REDIS_URL. */
  get callLimiter(): ActiveCallLimiter {
    return this.#deps.callLimiter;
  }

  /**
   * Takes a connection slot for a new connection, or refuses when the address has too many or starts
   * too often. The call slot itself (browser and phone together) is taken once the call starts.
   */
  async reserve(ip: string): Promise<Reservation> {
    const { limits, state, callLimiter, onReservation } = this.#deps;
    try {
      await this.#startLimiter.consume(`voice-start:${ip}`, limits.startsPerIp);
    } catch {
      onReservation?.('refused');
      return { ok: false };
    }
    const ipSlots = new SharedCallLimiter(state, `voice-calls:ip:${ip}`, limits.maxCallsPerIp);
    if (!(await ipSlots.tryAcquire())) {
      onReservation?.('refused');
      return { ok: false };
    }
    let released = false;
    let holdsCallSlot = false;
    return {
      ok: true,
      acquireCallSlot: async () => {
        const acquired = await callLimiter.tryAcquire();
        // The connection may have closed while the count was asked (a shared count is remote).
        if (acquired && released) await callLimiter.release();
        holdsCallSlot = acquired && !released;
        onReservation?.(holdsCallSlot ? 'started' : 'refused');
        return holdsCallSlot;
      },
      release: async () => {
        if (released) return;
        released = true;
        await Promise.all([ipSlots.release(), holdsCallSlot ? callLimiter.release() : undefined]);
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
    /** The language of the call's replies when the caller's words do not show one. */
    locale?: SiteLocale;
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
      ...(options.locale ? { locale: options.locale } : {}),
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
