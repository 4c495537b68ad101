import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ActiveCallLimiter } from '../voice/active-call-limiter.ts';
import { PHONE_LINE_FULL, type HandoffTarget } from './phone-speech.ts';
import { isValidTwilioSignature } from './twilio-signature.ts';
import { connectStreamTwiml, dialTwiml, hangUpTwiml, sayAndHangUpTwiml } from './twiml.ts';

export const TWILIO_VOICE_PATH = '/api/telephony/twilio/voice';
export const TWILIO_STREAM_PATH = '/api/telephony/twilio/stream';
export const TWILIO_AFTER_STREAM_PATH = '/api/telephony/twilio/after-stream';

/** A call answered but whose stream has not started gives its slot back after this long. */
export const STREAM_START_TIMEOUT_MS = 30_000;
/** A handoff waits this long for Twilio to ask where to transfer. */
const HANDOFF_TTL_MS = 5 * 60_000;

export interface TelephonyServiceDependencies {
  authToken: string;
  humanHandoffNumber: string;
  /** PUBLIC_URL: Twilio signs the URLs it requested, so they are rebuilt from it, never from Host. */
  publicUrl: string;
  callLimiter: ActiveCallLimiter;
}

/**
 * The rules of the phone line: which webhooks are Twilio's, which calls may open a stream (one
 * answered by our webhook, while there is room), and where a call goes when Ellis hands it off.
 */
export class TelephonyService {
  readonly #deps: TelephonyServiceDependencies;
  /** Calls answered, holding a slot, whose stream has not started yet. */
  readonly #answered = new Map<string, NodeJS.Timeout>();
  readonly #handoffs = new Map<string, { target: HandoffTarget; timer: NodeJS.Timeout }>();
  readonly streamUrl: string;

  constructor(deps: TelephonyServiceDependencies) {
    this.#deps = deps;
    this.streamUrl = `${deps.publicUrl.replace(/^http/, 'ws')}${TWILIO_STREAM_PATH}`;
  }

  get humanHandoffNumber(): string {
    return this.#deps.humanHandoffNumber;
  }

  /** Checks X-Twilio-Signature for a request to `pathAndQuery` on PUBLIC_URL (or its ws:// twin). */
  isSignedByTwilio(pathAndQuery: string, signature: string | undefined, params: Record<string, string>, websocket = false): boolean {
    const base = websocket ? this.#deps.publicUrl.replace(/^http/, 'ws') : this.#deps.publicUrl;
    return isValidTwilioSignature(this.#deps.authToken, signature, `${base}${pathAndQuery}`, params);
  }

  /** The TwiML that answers a new call: the stream, or a spoken pointer to 211 when the line is full. */
  async answerCall(callSid: string): Promise<string> {
    if (!this.#answered.has(callSid)) {
      if (!(await this.#deps.callLimiter.tryAcquire())) return sayAndHangUpTwiml(PHONE_LINE_FULL);
      const timer = setTimeout(() => {
        this.#answered.delete(callSid);
        void this.#deps.callLimiter.release();
      }, STREAM_START_TIMEOUT_MS);
      timer.unref();
      this.#answered.set(callSid, timer);
    }
    return connectStreamTwiml({
      streamUrl: this.streamUrl,
      actionUrl: `${this.#deps.publicUrl}${TWILIO_AFTER_STREAM_PATH}`,
      parameters: { callToken: this.#callToken(callSid) },
    });
  }

  /**
   * A stream's `start` names its call and carries the token our TwiML gave that call: true when it
   * matches a call answered and waiting, which hands its slot over to the stream (release it once).
   */
  claimStream(callSid: string, callToken: string): boolean {
    const expected = Buffer.from(this.#callToken(callSid));
    const presented = Buffer.from(callToken);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return false;
    const timer = this.#answered.get(callSid);
    if (!timer) return false;
    clearTimeout(timer);
    this.#answered.delete(callSid);
    return true;
  }

  releaseStream(): Promise<void> {
    return this.#deps.callLimiter.release();
  }

  /** Remembers where the call goes when its stream ends. */
  handOff(callSid: string, target: HandoffTarget): void {
    this.#clearHandoff(callSid);
    const timer = setTimeout(() => this.#handoffs.delete(callSid), HANDOFF_TTL_MS);
    timer.unref();
    this.#handoffs.set(callSid, { target, timer });
  }

  /** What Twilio does once the stream has ended: transfer (a warm handoff) or hang up. */
  afterStream(callSid: string): string {
    const handoff = this.#handoffs.get(callSid);
    this.#clearHandoff(callSid);
    if (!handoff) return hangUpTwiml();
    const { target } = handoff;
    return dialTwiml(target.kind === 'human' ? target.number : target.kind);
  }

  close(): void {
    for (const timer of this.#answered.values()) clearTimeout(timer);
    for (const { timer } of this.#handoffs.values()) clearTimeout(timer);
    this.#answered.clear();
    this.#handoffs.clear();
  }

  #clearHandoff(callSid: string): void {
    const existing = this.#handoffs.get(callSid);
    if (existing) clearTimeout(existing.timer);
    this.#handoffs.delete(callSid);
  }

  /** Binds a stream to the call our webhook answered (the stream URL itself is public). */
  #callToken(callSid: string): string {
    return createHmac('sha256', this.#deps.authToken).update(`stream:${callSid}`).digest('base64url');
  }
}
