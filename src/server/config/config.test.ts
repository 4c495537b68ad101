import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives working defaults for an empty environment (npm start on a fresh machine)', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'file:./data/ellis.db',
      publicUrl: 'http://127.0.0.1:3000',
      publicUrlDerived: true,
      secure: false,
      trustProxy: false,
      site: { phoneNumber: null, donateUrl: null, chatCollectionUrl: null },
      llm: { provider: 'guide', timeoutMs: 30000 },
      stt: { provider: 'auto' },
      tts: { provider: 'flite' },
    });
  });

  it('derives the address to open from HOST and PORT when PUBLIC_URL is unset', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::1', PORT: '4000' }).publicUrl).toBe('http://[::1]:4000');
    expect(loadConfig({ HOST: '192.168.1.20' }).publicUrl).toBe('http://192.168.1.20:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://ellis.example.org' }).publicUrlDerived).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', ELLIS_PHONE_NUMBER: '  ', DONATE_URL: '' }).site.phoneNumber).toBeNull();
  });

  it('reads the deployment settings', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://ellis@db:5432/ellis',
      PUBLIC_URL: 'https://ellis.example.org/',
      ELLIS_PHONE_NUMBER: '+14155550123',
      DONATE_URL: 'https://example.org/donate',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://ellis@db:5432/ellis',
      publicUrl: 'https://ellis.example.org',
      secure: true,
      trustProxy: true,
      site: { phoneNumber: '+14155550123', donateUrl: 'https://example.org/donate' },
    });
  });

  it('reads the LLM provider wait and refuses one too short to answer', () => {
    expect(loadConfig({ LLM_TIMEOUT_MS: '15000' }).llm.timeoutMs).toBe(15000);
    expect(() => loadConfig({ LLM_TIMEOUT_MS: '50' })).toThrow(/LLM_TIMEOUT_MS must be at least 1000/);
  });

  it('lists every bad variable in one error, each with how to fix it', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        ELLIS_PHONE_NUMBER: '555-1234',
        DONATE_URL: 'javascript:alert(1)',
        LLM_PROVIDER: 'magic',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.problems).toHaveLength(5);
    expect(error.message).toContain('5 configuration problems');
    for (const problem of [
      'PORT must be a port number between 0 and 65535, for example 3000 (got "abc")',
      'DATABASE_URL must be file:./data/ellis.db for SQLite or postgres://',
      'ELLIS_PHONE_NUMBER must be an E.164 phone number such as +14155550123, or left unset to use 211',
      'DONATE_URL must be an http(s) address',
      'LLM_PROVIDER must be one of: guide, openai, vapi',
    ]) {
      expect(error.message).toContain(problem);
    }
  });

  it('requires the settings each provider needs, and never echoes secrets', () => {
    expect(() => loadConfig({ LLM_PROVIDER: 'openai' })).toThrow(/LLM_MODEL is required when LLM_PROVIDER=openai/);
    let message = '';
    try {
      loadConfig({ LLM_PROVIDER: 'vapi', VAPI_API_KEY: 'sk-secret-value' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('VAPI_ASSISTANT_ID is required when LLM_PROVIDER=vapi');
    expect(message).not.toContain('sk-secret-value');
  });
});
