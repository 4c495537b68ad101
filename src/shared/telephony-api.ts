/**
 * The phone line's webhooks (Twilio): form posts answered with TwiML. Every field Twilio sends is
 * signed, so the whole form is kept; a body that is not a form of texts reads as an empty one,
 * which no signature matches.
 */
import { z } from 'zod';

export const twilioWebhookBodySchema = z
  .record(z.string(), z.string())
  .catch({})
  .describe('Twilio\'s webhook form: CallSid and the other call fields, all covered by X-Twilio-Signature.');

export const twimlSchema = z.string().describe('TwiML: what Twilio does with the call next.');
