import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import type { VoiceService } from '../voice/voice-service.ts';
import { handleTwilioStream } from './twilio-media-stream.ts';
import { TWILIO_AFTER_STREAM_PATH, TWILIO_STREAM_PATH, TWILIO_VOICE_PATH, type TelephonyService } from './telephony-service.ts';

export interface TelephonyRouteOptions {
  telephony: TelephonyService;
  voice: VoiceService;
}

/** Twilio's webhooks are small forms; a big body is not Twilio. */
const WEBHOOK_BODY_LIMIT_BYTES = 16 * 1024;
const CALL_SID = /^CA[0-9a-fA-F]{32}$/;

/**
 * The phone line (Twilio Media Streams): the number's voice webhook, the stream, and the
 * `<Connect>` action that transfers a handed-off call. Every request must carry Twilio's signature.
 */
export async function telephonyRoutes(app: FastifyInstance, options: TelephonyRouteOptions): Promise<void> {
  const { telephony, voice } = options;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const signedForm = (request: FastifyRequest): Record<string, string> => {
    const params = isStringRecord(request.body) ? request.body : {};
    if (!telephony.isSignedByTwilio(request.url, twilioSignatureHeader(request), params)) {
      throw new AppError(403, 'invalid_signature', 'This address only answers requests signed by the phone provider.');
    }
    return params;
  };
  const callSidOf = (params: Record<string, string>): string => {
    const callSid = params.CallSid ?? '';
    if (!CALL_SID.test(callSid)) throw new AppError(400, 'invalid_request', 'CallSid is missing or malformed.');
    return callSid;
  };
  const sendTwiml = (reply: FastifyReply, twiml: string) => reply.header('Cache-Control', 'no-store').type('text/xml; charset=utf-8').send(twiml);

  app.post(TWILIO_VOICE_PATH, async (request, reply) => {
    const callSid = callSidOf(signedForm(request));
    return sendTwiml(reply, await telephony.answerCall(callSid));
  });

  app.post(TWILIO_AFTER_STREAM_PATH, async (request, reply) => {
    const callSid = callSidOf(signedForm(request));
    return sendTwiml(reply, await telephony.afterStream(callSid));
  });

  app.get(
    TWILIO_STREAM_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!telephony.isSignedByTwilio(request.url, twilioSignatureHeader(request), {}, true)) {
          await reply.status(403).send({ code: 'invalid_signature', message: 'This address only answers requests signed by the phone provider.' });
        }
      },
    },
    (socket, request) => handleTwilioStream(socket, { telephony, voice, log: request.log }),
  );
}

function twilioSignatureHeader(request: FastifyRequest): string | undefined {
  const value = request.headers['x-twilio-signature'];
  return typeof value === 'string' ? value : undefined;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((entry) => typeof entry === 'string');
}
