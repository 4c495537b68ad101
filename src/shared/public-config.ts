/**
 * The part of the configuration the browser may see. It is rendered into every page as JSON, so it
 * must never hold a secret.
 */
export interface PublicConfig {
  /** E.164 number that reaches Ellis by phone; null means call links dial 211 instead. */
  phoneNumber: string | null;
  donateUrl: string | null;
  chatCollectionUrl: string | null;
  quickExitUrl: string;
  /** False when the server has no speech recogniser: the site does not offer voice calls. */
  voiceAvailable: boolean;
  /**
   * True when Ellis's voice speaks every language (TTS_PROVIDER=openai); false with the built-in
   * Flite voice, which speaks English only: the voice page then says so in other languages.
   */
  voiceSpeaksEveryLanguage: boolean;
}

/** 211 connects to 24/7 human help across the Bay Area; it is the fallback when Ellis has no line. */
export const FALLBACK_PHONE_NUMBER = '211';

export interface CallTarget {
  href: string;
  /** True when the link dials 211 rather than Ellis's own line. */
  isFallback: boolean;
  display: string;
}

export function callTarget(config: Pick<PublicConfig, 'phoneNumber'>): CallTarget {
  if (!config.phoneNumber) {
    return { href: `tel:${FALLBACK_PHONE_NUMBER}`, isFallback: true, display: FALLBACK_PHONE_NUMBER };
  }
  return { href: `tel:${config.phoneNumber}`, isFallback: false, display: formatPhoneNumber(config.phoneNumber) };
}

/** Formats a North American E.164 number as (415) 555-0123; other numbers are shown as given. */
export function formatPhoneNumber(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}
