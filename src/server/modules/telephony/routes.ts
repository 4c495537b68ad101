import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import type { ZodTypeProvider } from '../../plugins/route-contracts.ts';
import { apiErrorSchema, websocketUpgradeSchema } from '../../../shared/api-contracts.ts';
import { twilioWebhookBodySchema, twimlSchema } from '../../../shared/telephony-api.ts';
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
export async function telephonyRoutes(fastify: FastifyInstance, options: TelephonyRouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { telephony, voice } = options;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const signedForm = (request: FastifyRequest, params: Record<string, string>): Record<string, string> => {
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

  const webhookSchema = {
    body: twilioWebhookBodySchema,
    consumes: 'application/x-www-form-urlencoded',
    produces: 'text/xml',
    response: { 200: twimlSchema },
  };
  app.post(TWILIO_VOICE_PATH, { schema: { summary: 'A call to the phone number.', ...webhookSchema } }, async (request, reply) => {
    const callSid = callSidOf(signedForm(request, request.body));
    return sendTwiml(reply, await telephony.answerCall(callSid));
  });

  app.post(TWILIO_AFTER_STREAM_PATH, { schema: { summary: 'The stream ended: transfer or hang up.', ...webhookSchema } }, async (request, reply) => {
    const callSid = callSidOf(signedForm(request, request.body));
    return sendTwiml(reply, await telephony.afterStream(callSid));
  });

  app.get(
    TWILIO_STREAM_PATH,
    {
      websocket: true,
      schema: { summary: 'Twilio Media Stream of a call (WebSocket).', response: { 101: websocketUpgradeSchema, 403: apiErrorSchema } },
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
