import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { encodeMuLaw, PhoneAudioDecoder } from '../../providers/audio/phone-audio.ts';
import { VOICE_CLOSE_CODES } from '../../../shared/voice-protocol.ts';
import type { VoiceService } from '../voice/voice-service.ts';
import type { VoiceCall } from '../voice/voice-call.ts';
import { PhoneCallChannel } from './phone-call-channel.ts';
import { PHONE_GREETING, type HandoffTarget } from './phone-speech.ts';
import type { TelephonyService } from './telephony-service.ts';
import { TWILIO_STREAM_MAX_FRAME_BYTES, twilioStreamMessageSchema, type TwilioOutboundMessage, type TwilioStreamMessage } from './twilio-stream-protocol.ts';

/** The phone speaks at 8 kHz: replies are synthesized and resampled for it once, not per frame. */
export const PHONE_OUTPUT_SAMPLE_RATE = 8_000;
/** A stream that does not say `start` within this time is not Twilio. */
const START_TIMEOUT_MS = 10_000;
/** After the last words, the stream closes when Twilio reports them played, or after this at most. */
const LAST_WORDS_TIMEOUT_MS = 3_000;
const HANG_UP_MARK = 'ellis-hang-up';
/** Less than this much audio left at Twilio is the natural end of a reply, not an interruption. */
const BARGE_IN_SLACK_MS = 60;

/**
 * One Twilio media stream: the transport between the phone call and the same VoiceCall the
 * browser uses. μ-law 8 kHz in → 16 kHz PCM to the call; the call's 8 kHz PCM → μ-law out; a
 * reply cut off by barge-in → `clear` (Twilio drops what it has buffered); 0 on the keypad → the
 * handoff. Other carriers with a media-stream WebSocket need only their own copy of this file.
 */
export function handleTwilioStream(
  socket: WebSocket,
  deps: { telephony: TelephonyService; voice: VoiceService; log: FastifyBaseLogger },
): void {
  const { telephony, voice, log } = deps;
  const openedAt = Date.now();
  const decoder = new PhoneAudioDecoder();
  let state: 'awaiting-start' | 'starting' | 'active' | 'closing' | 'closed' = 'awaiting-start';
  let streamSid = '';
  let callSid = '';
  let holdsSlot = false;
  let call: VoiceCall | null = null;
  let channel: PhoneCallChannel | null = null;
  let handoff: HandoffTarget['kind'] | null = null;
  let hangUpTimer: NodeJS.Timeout | null = null;
  /** When the reply audio sent so far ends playing at Twilio (monotonic ms). */
  let playedUntil = 0;

  const sendTwilio = (message: TwilioOutboundMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const close = (code: number) => {
    if (state === 'closed') return;
    state = 'closed';
    call?.dispose();
    socket.close(code);
  };
  const startTimer = setTimeout(() => close(VOICE_CLOSE_CODES.policyViolation), START_TIMEOUT_MS);

  socket.on('close', () => {
    clearTimeout(startTimer);
    if (hangUpTimer) clearTimeout(hangUpTimer);
    if (call) log.info({ durationMs: Date.now() - openedAt, turns: call.turns, handoff }, 'phone call ended');
    state = 'closed';
    call?.dispose();
    if (holdsSlot) void telephony.releaseStream();
    holdsSlot = false;
  });
  socket.on('error', (error) => log.warn({ err: error }, 'phone stream socket error'));

  socket.on('message', (data: RawData, isBinary: boolean) => {
    if (state === 'closed') return;
    const bytes = toBuffer(data);
    if (isBinary || bytes.byteLength > TWILIO_STREAM_MAX_FRAME_BYTES) return close(VOICE_CLOSE_CODES.policyViolation);
    const message = parse(bytes);
    if (!message) return close(VOICE_CLOSE_CODES.policyViolation);
    switch (message.event) {
      case 'connected':
        return;
      case 'start':
        if (state !== 'awaiting-start') return close(VOICE_CLOSE_CODES.policyViolation);
        clearTimeout(startTimer);
        state = 'starting';
        void begin(message);
        return;
      case 'media':
        if (state === 'active' && message.media.track !== 'outbound') call?.pushAudio(decoder.push(Buffer.from(message.media.payload, 'base64')));
        return;
      case 'dtmf':
        if (state === 'active' && message.dtmf.digit === '0' && call && channel) void call.interject(channel.handOff(), { endCall: true });
        return;
      case 'mark':
        if (state === 'closing' && message.mark.name === HANG_UP_MARK) close(VOICE_CLOSE_CODES.normal);
        return;
      case 'stop':
        return close(VOICE_CLOSE_CODES.normal);
    }
  });

  const begin = async (start: Extract<TwilioStreamMessage, { event: 'start' }>) => {
    streamSid = start.streamSid;
    callSid = start.start.callSid;
    const claim = await telephony.claimStream(callSid, start.start.customParameters?.callToken ?? '');
    if (claim === 'refused') {
      log.warn('phone stream refused: not a call this server answered');
      return close(VOICE_CLOSE_CODES.policyViolation);
    }
    if (claim === 'full') {
      // The line filled up between the answer and the stream: a person at 211 takes the call.
      log.warn('phone stream without a free call slot: handing off to a person');
      await telephony.handOff(callSid, { kind: '211' });
      return close(VOICE_CLOSE_CODES.normal);
    }
    if (state === 'closed') return void telephony.releaseStream();
    holdsSlot = true;
    if (!voice.speechRecognitionAvailable) {
      log.error('phone call without speech recognition: handing off to a person');
      await telephony.handOff(callSid, { kind: '211' });
      return close(VOICE_CLOSE_CODES.normal);
    }
    let detector;
    try {
      detector = await voice.createDetector();
    } catch (error) {
      log.error({ err: error }, 'voice activity detector could not be loaded');
      await telephony.handOff(callSid, { kind: '211' });
      return close(VOICE_CLOSE_CODES.normal);
    }
    if (state !== 'starting') return;
    channel = new PhoneCallChannel({
      humanHandoffNumber: telephony.humanHandoffNumber,
      onHandoff: (target) => {
        handoff = target.kind;
        void telephony.handOff(callSid, target).catch((error: unknown) => log.error({ err: error }, 'phone handoff not stored'));
      },
    });
    call = voice.createCall({
      detector,
      username: null,
      channel,
      settings: { outputSampleRate: PHONE_OUTPUT_SAMPLE_RATE },
      transport: {
        // Statuses, transcripts and levels are for a screen; the phone has none, and nothing is kept.
        // A reply that ends while Twilio still holds its audio was cut off (barge-in, handoff):
        // `clear` drops the rest at once. One that ended on its own has been played out already.
        send: (message) => {
          if (message.type === 'speech-end' && performance.now() < playedUntil - BARGE_IN_SLACK_MS) {
            sendTwilio({ event: 'clear', streamSid });
            playedUntil = 0;
          }
        },
        sendAudio: (samples) => {
          playedUntil = Math.max(playedUntil, performance.now()) + (samples.length / PHONE_OUTPUT_SAMPLE_RATE) * 1000;
          sendTwilio({ event: 'media', streamSid, media: { payload: encodeMuLaw(samples).toString('base64') } });
        },
        end: () => {
          // The last words are queued at Twilio: close once it says they were played.
          state = 'closing';
          sendTwilio({ event: 'mark', streamSid, mark: { name: HANG_UP_MARK } });
          hangUpTimer = setTimeout(() => close(VOICE_CLOSE_CODES.normal), LAST_WORDS_TIMEOUT_MS);
        },
      },
    });
    state = 'active';
    log.info('phone call started');
    call.start(PHONE_GREETING);
  };
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function parse(bytes: Buffer): TwilioStreamMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = twilioStreamMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
