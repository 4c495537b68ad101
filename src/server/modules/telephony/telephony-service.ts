import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SharedState } from '../../providers/shared-state/shared-state.ts';
import type { ActiveCallLimiter } from '../voice/active-call-limiter.ts';
import { PHONE_LINE_FULL, type HandoffTarget } from './phone-speech.ts';
import { isValidTwilioSignature } from './twilio-signature.ts';
import { connectStreamTwiml, dialTwiml, hangUpTwiml, sayAndHangUpTwiml } from './twiml.ts';

export const TWILIO_VOICE_PATH = '/api/telephony/twilio/voice';
export const TWILIO_STREAM_PATH = '/api/telephony/twilio/stream';
export const TWILIO_AFTER_STREAM_PATH = '/api/telephony/twilio/after-stream';

/** A call answered but whose stream has not started after this long is forgotten. */
export const STREAM_START_TIMEOUT_MS = 30_000;
/** A handoff waits this long for Twilio to ask where to transfer. */
const HANDOFF_TTL_MS = 5 * 60_000;

export interface TelephonyServiceDependencies {
  authToken: string;
  humanHandoffNumber: string;
  /** PUBLIC_URL: Twilio signs the URLs it requested, so they are rebuilt from it, never from Host. */
  publicUrl: string;
  callLimiter: ActiveCallLimiter;
  /** Calls answered and handoffs waiting: shared by every instance with REDIS_URL. */
  state: SharedState;
}

/**
 * The rules of the phone line: which webhooks are Twilio's, which calls may open a stream (one
 * answered by our webhook, while there is room), and where a call goes when Ellis hands it off.
 */
export class TelephonyService {
  readonly #deps: TelephonyServiceDependencies;
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
    const { callLimiter, state } = this.#deps;
    if (!(await callLimiter.tryAcquire())) return sayAndHangUpTwiml(PHONE_LINE_FULL);
    // The stream takes its own slot on the instance it reaches, which may not be this one (behind a
    // load balancer the webhook and the stream are separate connections): here only the room is checked.
    await callLimiter.release();
    await state.put(answeredKey(callSid), '1', STREAM_START_TIMEOUT_MS);
    return connectStreamTwiml({
      streamUrl: this.streamUrl,
      actionUrl: `${this.#deps.publicUrl}${TWILIO_AFTER_STREAM_PATH}`,
      parameters: { callToken: this.#callToken(callSid) },
    });
  }

  /**
   * A stream's `start` names its call and carries the token our TwiML gave that call. 'refused' when
   * it is not a call answered and waiting; 'full' when no call slot is free; 'claimed' when it got
   * a slot (release it once with releaseStream).
   */
  async claimStream(callSid: string, callToken: string): Promise<'claimed' | 'full' | 'refused'> {
    const expected = Buffer.from(this.#callToken(callSid));
    const presented = Buffer.from(callToken);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return 'refused';
    if ((await this.#deps.state.take(answeredKey(callSid))) === null) return 'refused';
    return (await this.#deps.callLimiter.tryAcquire()) ? 'claimed' : 'full';
  }

  releaseStream(): Promise<void> {
    return this.#deps.callLimiter.release();
  }

  /** Remembers where the call goes when its stream ends (in the shared state: Twilio may ask another instance). */
  handOff(callSid: string, target: HandoffTarget): Promise<void> {
    return this.#deps.state.put(handoffKey(callSid), JSON.stringify(target), HANDOFF_TTL_MS);
  }

  /** What Twilio does once the stream has ended: transfer (a warm handoff) or hang up. */
  async afterStream(callSid: string): Promise<string> {
    const stored = await this.#deps.state.take(handoffKey(callSid));
    const target = stored === null ? null : (JSON.parse(stored) as HandoffTarget);
    if (!target) return hangUpTwiml();
    return dialTwiml(target.kind === 'human' ? target.number : target.kind);
  }

  /** Binds a stream to the call our webhook answered (the stream URL itself is public). */
  #callToken(callSid: string): string {
    return createHmac('sha256', this.#deps.authToken).update(`stream:${callSid}`).digest('base64url');
  }
}

function answeredKey(callSid: string): string {
  return `telephony:answered:${callSid}`;
}

function handoffKey(callSid: string): string {
  return `telephony:handoff:${callSid}`;
}
