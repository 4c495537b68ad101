import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { SharedState } from '../../providers/shared-state/shared-state.ts';
import type { VoiceService } from '../voice/voice-service.ts';
import { TelephonyService } from './telephony-service.ts';
import { telephonyRoutes } from './routes.ts';

/**
 * The phone line, when TWILIO_AUTH_TOKEN is set (off otherwise: the routes do not exist). It shares
 * the voice pipeline and the count of open calls with the browser.
 */
export async function registerTelephony(
  app: FastifyInstance,
  config: Config,
  deps: { voice: VoiceService; state: SharedState },
): Promise<TelephonyService | null> {
  if (!config.telephony) return null;
  const telephony = new TelephonyService({
    authToken: config.telephony.twilioAuthToken,
    humanHandoffNumber: config.telephony.humanHandoffNumber,
    publicUrl: config.publicUrl,
    callLimiter: deps.voice.callLimiter,
    state: deps.state,
  });
  await app.register(telephonyRoutes, { telephony, voice: deps.voice });
  return telephony;
}
