import { z } from 'zod';

/**
 * Twilio Media Streams messages (https://www.twilio.com/docs/voice/media-streams/websocket-messages),
 * as far as Ellis reads them. Anything else closes the stream as a policy violation.
 */

const sid = z.string().min(1).max(64);

export const twilioStreamMessageSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('connected'), protocol: z.string().max(64).optional(), version: z.string().max(32).optional() }),
  z.object({
    event: z.literal('start'),
    streamSid: sid,
    start: z.object({
      callSid: sid,
      streamSid: sid.optional(),
      customParameters: z.record(z.string().max(64), z.string().max(512)).optional(),
      mediaFormat: z.object({ encoding: z.literal('audio/x-mulaw'), sampleRate: z.literal(8000), channels: z.literal(1) }),
    }),
  }),
  z.object({
    event: z.literal('media'),
    streamSid: sid.optional(),
    // 20 ms of μ-law is 160 bytes (216 base64 characters); a generous cap keeps a frame small.
    media: z.object({ track: z.string().max(32).optional(), payload: z.string().max(8_000).regex(/^[A-Za-z0-9+/]*={0,2}$/) }),
  }),
  z.object({ event: z.literal('dtmf'), streamSid: sid.optional(), dtmf: z.object({ digit: z.string().regex(/^[0-9*#A-D]$/) }) }),
  z.object({ event: z.literal('mark'), streamSid: sid.optional(), mark: z.object({ name: z.string().max(128) }) }),
  z.object({ event: z.literal('stop'), streamSid: sid.optional() }),
]);

export type TwilioStreamMessage = z.infer<typeof twilioStreamMessageSchema>;

/** What Ellis sends: reply audio, a mark to learn when it has been played, and clear for barge-in. */
export type TwilioOutboundMessage =
  | { event: 'media'; streamSid: string; media: { payload: string } }
  | { event: 'mark'; streamSid: string; mark: { name: string } }
  | { event: 'clear'; streamSid: string };

/** Media Streams messages are small JSON; anything bigger is not Twilio. */
export const TWILIO_STREAM_MAX_FRAME_BYTES = 16 * 1024;
