import { describe, expect, it } from 'vitest';
import { parseServerMessage, voiceSocketUrl } from './voice-connection.ts';

describe('voiceSocketUrl', () => {
  it('uses the page origin with ws: or wss:', () => {
    expect(voiceSocketUrl('http://127.0.0.1:3000/speak-with-ellis')).toBe('ws://127.0.0.1:3000/api/voice');
    expect(voiceSocketUrl('https://ellis.example/speak-with-ellis?x=1')).toBe('wss://ellis.example/api/voice');
  });
});

describe('parseServerMessage', () => {
  it('reads typed JSON objects', () => {
    expect(parseServerMessage('{"type":"status","status":"listening"}')).toEqual({ type: 'status', status: 'listening' });
  });

  it.each(['not json', '42', '[]', '{"status":"listening"}', 'null'])('skips %s', (text) => {
    expect(parseServerMessage(text)).toBeNull();
  });
});
