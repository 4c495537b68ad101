import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { siteOriginCheck } from './site-origin.ts';

describe('siteOriginCheck', () => {
  it('accepts every loopback name of the listening port when PUBLIC_URL is unset', () => {
    const isSiteOrigin = siteOriginCheck(loadConfig({ PORT: '3000' }));
    for (const origin of ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000']) {
      expect(isSiteOrigin(origin)).toBe(true);
    }
    for (const origin of ['http://localhost:3001', 'https://localhost:3000', 'http://evil.example:3000', 'null', 'http://localhost:3000/x']) {
      expect(isSiteOrigin(origin)).toBe(false);
    }
  });

  it('accepts loopback names on any port when the system picks the port (PORT=0)', () => {
    const isSiteOrigin = siteOriginCheck(loadConfig({ PORT: '0' }));
    expect(isSiteOrigin('http://127.0.0.1:45123')).toBe(true);
    expect(isSiteOrigin('http://example.org:45123')).toBe(false);
  });

  it('accepts only the derived address when listening on a non-loopback address', () => {
    const isSiteOrigin = siteOriginCheck(loadConfig({ HOST: '192.168.1.20' }));
    expect(isSiteOrigin('http://192.168.1.20:3000')).toBe(true);
    expect(isSiteOrigin('http://localhost:3000')).toBe(false);
  });

  it('accepts only PUBLIC_URL when it is set', () => {
    const isSiteOrigin = siteOriginCheck(loadConfig({ PUBLIC_URL: 'http://localhost:3000/' }));
    expect(isSiteOrigin('http://localhost:3000')).toBe(true);
    expect(isSiteOrigin('http://127.0.0.1:3000')).toBe(false);
  });
});
