import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the account's
 * auth token, over the full URL Twilio requested followed by each POST parameter's name and value,
 * sorted by name. WebSocket handshakes are signed over the URL alone.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string> = {}): string {
  const hmac = createHmac('sha1', authToken);
  hmac.update(url);
  for (const name of Object.keys(params).sort()) hmac.update(`${name}${params[name] ?? ''}`);
  return hmac.digest('base64');
}

/** Constant-time check of a presented signature (a missing or malformed one is simply wrong). */
export function isValidTwilioSignature(
  authToken: string,
  presented: string | undefined,
  url: string,
  params: Record<string, string> = {},
): boolean {
  if (!presented) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const actual = Buffer.from(presented);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
