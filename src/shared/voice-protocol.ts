import { z } from 'zod';
import { requestLocaleSchema } from './site-locales.ts';

/**
 * The live-voice WebSocket contract (DESIGN §5.3), shared by the page and the server. Client
 * messages are validated with the zod schemas below; server messages are plain typed JSON.
 * Binary frames both ways are mono PCM16 little-endian: 16 kHz from the page, and the rate
 * announced by `audio-format` from the server.
 *
 * A call, as the server runs it:
 *   client: start → server: status connecting, audio-format, status listening (= connected), then
 *   the spoken greeting (transcript partial/final, speech-start, binary audio, speech-end).
 *   Each caller turn: status thinking → transcript user final → crisis? → transcript assistant
 *   partial… → status speaking + speech-start → binary audio → speech-end → transcript assistant
 *   final → status listening.
 * Reply audio is paced to real time (about 300 ms ahead), so a page that plays frames as they
 * come has little queued. On `speech-end` the page stops playback at once and drops anything
 * still queued: that is how barge-in is heard (the server sends it the moment the caller speaks).
 * An interrupted reply's final transcript holds only the part that was heard.
 * Fatal errors are followed by `call-end` (reason `error`) and a close; see VOICE_FATAL_ERROR_CODES.
 */

export const VOICE_PATH = '/api/voice';
/** The only input format the server accepts. */
export const VOICE_INPUT_SAMPLE_RATE = 16_000;
export const VOICE_INPUT_ENCODING = 'pcm_s16le';
/** Pages send frames of 20–32 ms (DESIGN §8); 20 ms at 16 kHz is 320 samples, 640 bytes. */
export const VOICE_FRAME_MIN_MS = 20;
export const VOICE_FRAME_MAX_MS = 32;
/** Any frame (text or binary) above this closes the call (DESIGN §6). */
export const VOICE_MAX_FRAME_BYTES = 64 * 1024;
/** A `start` that does not arrive within this time closes the socket. */
export const VOICE_START_TIMEOUT_MS = 10_000;
/** SPEC §9: the volume indicator's thresholds (silent / low / medium / high). */
export const VOICE_VOLUME_THRESHOLDS = { low: 0.1, medium: 0.3, high: 0.7 } as const;

// --- Client → server --------------------------------------------------------------------------

export const voiceStartMessageSchema = z.object({
  type: z.literal('start'),
  sampleRate: z.literal(VOICE_INPUT_SAMPLE_RATE),
  encoding: z.literal(VOICE_INPUT_ENCODING),
  /** The signed-in user's access token; absent for anonymous callers. */
  accessToken: z.string().min(1).max(4096).optional(),
  /**
   * The page's locale (optional, decision 069). Used only when the voice speaks every language
   * (TTS_PROVIDER=openai): the greeting and replies are then in it; Flite speaks English only.
   */
  locale: requestLocaleSchema,
});

export const voiceMuteMessageSchema = z.object({
  type: z.literal('mute'),
  muted: z.boolean(),
});

export const voiceStopMessageSchema = z.object({
  type: z.literal('stop'),
});

/** Messages allowed after `start` (a second `start` is refused). */
export const voiceControlMessageSchema = z.discriminatedUnion('type', [voiceMuteMessageSchema, voiceStopMessageSchema]);

export type VoiceStartMessage = z.infer<typeof voiceStartMessageSchema>;
export type VoiceMuteMessage = z.infer<typeof voiceMuteMessageSchema>;
export type VoiceStopMessage = z.infer<typeof voiceStopMessageSchema>;
export type VoiceClientMessage = VoiceStartMessage | VoiceMuteMessage | VoiceStopMessage;

// --- Server → client --------------------------------------------------------------------------

export type VoiceCallStatus = 'connecting' | 'listening' | 'thinking' | 'speaking';
export type VoiceCallEndReason = 'customer-ended-call' | 'assistant-ended-call' | 'error';
export type VoiceRole = 'user' | 'assistant';
export type VoiceTranscriptType = 'partial' | 'final';

/**
 * Stable codes of `error` messages. The page shows its own i18n text per code; `message` is an
 * English fallback for other clients.
 * - fatal at start (followed by `call-end` reason `error` and a close): `invalid_start`,
 *   `unauthorized`, `too_many_calls`, `speech_recognition_unavailable`, `voice_unavailable`
 * - fatal later: `frame_too_large`, `invalid_message`
 * - not fatal (the call goes on; the apology is also spoken): `speech_recognition_failed`,
 *   `speech_synthesis_failed`, `assistant_failed`
 */
export type VoiceErrorCode =
  | 'invalid_start'
  | 'unauthorized'
  | 'too_many_calls'
  | 'speech_recognition_unavailable'
  | 'voice_unavailable'
  | 'frame_too_large'
  | 'invalid_message'
  | 'speech_recognition_failed'
  | 'speech_synthesis_failed'
  | 'assistant_failed';

/** Codes after which the server ends the call. */
export const VOICE_FATAL_ERROR_CODES: readonly VoiceErrorCode[] = [
  'invalid_start',
  'unauthorized',
  'too_many_calls',
  'speech_recognition_unavailable',
  'voice_unavailable',
  'frame_too_large',
  'invalid_message',
];

export interface VoiceCrisisResource {
  name: string;
  phone?: string;
  sms?: string;
  /** Keyword to text first (HOME to 741741). */
  smsBody?: string;
  url?: string;
}

export type VoiceServerMessage =
  | { type: 'status'; status: VoiceCallStatus }
  | { type: 'transcript'; role: VoiceRole; transcriptType: VoiceTranscriptType; transcript: string }
  /** Assistant audio starts / ends (also sent when a reply is cut off by barge-in). */
  | { type: 'speech-start' }
  | { type: 'speech-end' }
  /** The user's input level, 0..1, about every 100 ms while audio arrives. */
  | { type: 'volume'; level: number }
  /** Sent before the first binary reply frame: the rate of the PCM16 frames that follow. */
  | { type: 'audio-format'; sampleRate: number }
  | { type: 'crisis'; level: 'crisis' | 'immediate-danger'; resources: VoiceCrisisResource[] }
  | { type: 'call-end'; reason: VoiceCallEndReason }
  | { type: 'error'; code: VoiceErrorCode; message: string };

export type VoiceServerMessageType = VoiceServerMessage['type'];

/** WebSocket close codes the server uses (RFC 6455 §7.4.1). */
export const VOICE_CLOSE_CODES = {
  normal: 1000,
  /** Bad or missing `start`, bad message, foreign origin, bad token. */
  policyViolation: 1008,
  /** A frame above VOICE_MAX_FRAME_BYTES. */
  tooLarge: 1009,
  /** A server-side failure the call could not survive. */
  internalError: 1011,
  /** Too many calls from this address, or speech recognition unavailable: try again later. */
  tryAgainLater: 1013,
} as const;
