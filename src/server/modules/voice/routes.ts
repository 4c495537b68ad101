import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket, RawData } from 'ws';
import {
  VOICE_CLOSE_CODES,
  VOICE_MAX_FRAME_BYTES,
  VOICE_PATH,
  VOICE_START_TIMEOUT_MS,
  voiceControlMessageSchema,
  voiceStartMessageSchema,
  type VoiceErrorCode,
  type VoiceServerMessage,
  type VoiceStartMessage,
} from '../../../shared/voice-protocol.ts';
import { bytesFromPcm16, pcm16FromBytes } from '../../providers/audio/pcm.ts';
import { apiErrorSchema, websocketUpgradeSchema } from '../../../shared/api-contracts.ts';
import type { SiteOriginCheck } from '../../plugins/site-origin.ts';
import type { VoiceCall } from './voice-call.ts';
import { voiceGreeting, type Reservation, type VoiceService } from './voice-service.ts';

export interface VoiceRouteOptions {
  service: VoiceService;
  /** The site's own origins; the request's own origin is accepted too (same origin). */
  isSiteOrigin: SiteOriginCheck;
}

/** Fixed English texts of fatal errors; the page shows its own words per code. */
const FATAL_MESSAGES: Record<string, string> = {
  invalid_start: 'The call must begin with a start message: {"type":"start","sampleRate":16000,"encoding":"pcm_s16le"}.',
  unauthorized: 'Your sign-in has expired. Sign in again, or call without signing in.',
  too_many_calls: 'Too many calls are going on right now (from this connection, or on this server). Please try again in a few minutes.',
  speech_recognition_unavailable: 'Voice calls are not available right now because speech recognition is not set up. Please use the chat or call by phone.',
  voice_unavailable: 'Voice calls are not available right now. Please use the chat or call by phone.',
  frame_too_large: `A message was larger than ${VOICE_MAX_FRAME_BYTES} bytes.`,
  invalid_message: 'A message was not understood: send audio frames, {"type":"mute","muted":true|false} or {"type":"stop"}.',
};

/**
 * GET /api/voice (DESIGN §5.3): the WebSocket of a live call. This file speaks the wire protocol
 * only: the handshake's origin, the `start` message, frame sizes and control messages. What the
 * call does with the audio is VoiceCall's business.
 */
export async function voiceRoutes(app: FastifyInstance, options: VoiceRouteOptions): Promise<void> {
  const { service, isSiteOrigin } = options;

  app.get(
    VOICE_PATH,
    {
      websocket: true,
      schema: { summary: 'A live voice call (WebSocket, DESIGN §5.3).', response: { 101: websocketUpgradeSchema, 403: apiErrorSchema } },
      preValidation: (request, reply) => requireSameOrigin(request, reply, isSiteOrigin),
    },
    (socket, request) => handleConnection(socket, request, service),
  );
}

/**
 * Browsers send Origin on every WebSocket handshake and cookies/tokens are not the guard here,
 * so a page on another site must not open calls (cross-site WebSocket hijacking) or spend this
 * server's speech engines. A missing Origin is refused too.
 */
async function requireSameOrigin(request: FastifyRequest, reply: FastifyReply, isSiteOrigin: SiteOriginCheck): Promise<void> {
  const origin = request.headers.origin;
  const ownOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
  if (origin !== undefined && (isSiteOrigin(origin) || origin === ownOrigin)) return;
  await reply.status(403).send({ code: 'forbidden_origin', message: 'Voice calls can only be started from this site.' });
}

function handleConnection(socket: WebSocket, request: FastifyRequest, service: VoiceService): void {
  const log = request.log;
  const openedAt = Date.now();
  let state: 'awaiting-start' | 'starting' | 'active' | 'closed' = 'awaiting-start';
  let call: VoiceCall | null = null;
  let mutedBeforeActive = false;

  const send = (message: VoiceServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const fail = (code: VoiceErrorCode, closeCode: number) => {
    if (state === 'closed') return;
    state = 'closed';
    call?.dispose();
    send({ type: 'error', code, message: FATAL_MESSAGES[code] ?? 'The call could not continue.' });
    send({ type: 'call-end', reason: 'error' });
    socket.close(closeCode);
    log.info({ code }, 'voice call refused or failed');
  };

  // The slot is asked for at once; the call begins only once it is granted.
  const reservation = service.reserve(request.ip);
  const releaseSlot = () =>
    void reservation.then((granted) => (granted.ok ? granted.release() : undefined)).catch((error: unknown) => log.warn({ err: error }, 'voice call slot not released'));
  const startTimer = setTimeout(() => fail('invalid_start', VOICE_CLOSE_CODES.policyViolation), VOICE_START_TIMEOUT_MS);
  socket.on('close', () => {
    clearTimeout(startTimer);
    if (state === 'active') log.info({ durationMs: Date.now() - openedAt, turns: call?.turns ?? 0 }, 'voice call ended');
    state = 'closed';
    call?.dispose();
    releaseSlot();
  });
  socket.on('error', (error) => log.warn({ err: error }, 'voice socket error'));
  reservation.then(
    (granted) => {
      if (!granted.ok) fail('too_many_calls', VOICE_CLOSE_CODES.tryAgainLater);
    },
    (error: unknown) => {
      log.error({ err: error }, 'voice call slot could not be checked');
      fail('voice_unavailable', VOICE_CLOSE_CODES.internalError);
    },
  );

  socket.on('message', (data: RawData, isBinary: boolean) => {
    if (state === 'closed') return;
    const bytes = toBuffer(data);
    if (bytes.byteLength > VOICE_MAX_FRAME_BYTES) return fail('frame_too_large', VOICE_CLOSE_CODES.tooLarge);

    if (state === 'awaiting-start') {
      const start = isBinary ? null : parseStart(bytes);
      if (!start) return fail('invalid_start', VOICE_CLOSE_CODES.policyViolation);
      clearTimeout(startTimer);
      state = 'starting';
      void begin(start);
      return;
    }
    if (isBinary) {
      // Audio sent before the call is ready is not heard (the page waits for `listening`).
      if (state === 'active') call?.pushAudio(pcm16FromBytes(bytes));
      return;
    }
    const control = parseControl(bytes);
    if (!control) return fail('invalid_message', VOICE_CLOSE_CODES.policyViolation);
    if (control.type === 'stop') {
      if (call) call.end('customer-ended-call');
      else endBeforeActive();
      return;
    }
    if (call) call.setMuted(control.muted);
    else mutedBeforeActive = control.muted;
  });

  const endBeforeActive = () => {
    state = 'closed';
    send({ type: 'call-end', reason: 'customer-ended-call' });
    socket.close(VOICE_CLOSE_CODES.normal);
  };

  const begin = async (start: VoiceStartMessage) => {
    const granted = await reservation.catch((): Reservation => ({ ok: false }));
    if (!granted.ok || state !== 'starting') return;
    let username: string | null = null;
    if (start.accessToken) {
      try {
        username = await service.usernameFor(start.accessToken);
      } catch {
        return fail('unauthorized', VOICE_CLOSE_CODES.policyViolation);
      }
    }
    if (!service.speechRecognitionAvailable) return fail('speech_recognition_unavailable', VOICE_CLOSE_CODES.tryAgainLater);
    if (state !== 'starting') return;
    if (!(await granted.acquireCallSlot())) return fail('too_many_calls', VOICE_CLOSE_CODES.tryAgainLater);
    if (state !== 'starting') return;
    send({ type: 'status', status: 'connecting' });
    let detector;
    try {
      detector = await service.createDetector();
    } catch (error) {
      log.error({ err: error }, 'voice activity detector could not be loaded');
      return fail('voice_unavailable', VOICE_CLOSE_CODES.internalError);
    }
    if (state !== 'starting') return;
    const locale = service.callLocale(start.locale);
    call = service.createCall({
      detector,
      username,
      locale,
      transport: {
        send,
        sendAudio: (samples) => {
          if (socket.readyState !== socket.OPEN) return;
          socket.send(bytesFromPcm16(samples));
        },
        end: (reason) => {
          state = 'closed';
          socket.close(reason === 'error' ? VOICE_CLOSE_CODES.internalError : VOICE_CLOSE_CODES.normal);
        },
      },
    });
    state = 'active';
    log.info({ signedIn: username !== null }, 'voice call started');
    call.start(voiceGreeting(username, locale));
    if (mutedBeforeActive) call.setMuted(true);
  };
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

function parseStart(bytes: Buffer): VoiceStartMessage | null {
  const parsed = voiceStartMessageSchema.safeParse(parseJson(bytes));
  return parsed.success ? parsed.data : null;
}

function parseControl(bytes: Buffer) {
  const parsed = voiceControlMessageSchema.safeParse(parseJson(bytes));
  return parsed.success ? parsed.data : null;
}
