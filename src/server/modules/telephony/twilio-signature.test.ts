import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature, twilioSignature } from './twilio-signature.ts';

describe('Twilio request signatures', () => {
  // The worked example in Twilio's security documentation (auth token 12345).
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };

  it('matches the published example', () => {
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('accepts the right signature and refuses a wrong, missing, tampered or differently keyed one', () => {
    const signature = twilioSignature('12345', url, params);
    expect(isValidTwilioSignature('12345', signature, url, params)).toBe(true);
    expect(isValidTwilioSignature('12345', undefined, url, params)).toBe(false);
    expect(isValidTwilioSignature('12345', 'short', url, params)).toBe(false);
    expect(isValidTwilioSignature('12345', signature, url, { ...params, Digits: '0' })).toBe(false);
    expect(isValidTwilioSignature('12345', signature, 'https://mycompany.com/other', params)).toBe(false);
    expect(isValidTwilioSignature('other-token', signature, url, params)).toBe(false);
  });
});
