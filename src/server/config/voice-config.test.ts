import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('voice configuration', () => {
  it('defaults: auto recognition, Flite, a 500 ms turn-end pause', () => {
    const config = loadConfig({});
    expect(config.stt).toEqual({ provider: 'auto', baseUrl: null, apiKey: null, model: null });
    expect(config.tts).toEqual({ provider: 'flite', baseUrl: null, apiKey: null, model: null, voice: null });
    expect(config.voice).toEqual({ turnEndSilenceMs: 500, maxCalls: 40 });
  });

  it('reads the OpenAI-compatible speech servers and the pause', () => {
    const config = loadConfig({
      STT_PROVIDER: 'openai',
      STT_BASE_URL: 'http://127.0.0.1:8000/v1',
      STT_MODEL: 'Systran/faster-whisper-small',
      TTS_PROVIDER: 'openai',
      TTS_BASE_URL: 'http://127.0.0.1:8880/v1',
      TTS_MODEL: 'kokoro',
      TTS_VOICE: 'af_heart',
      VOICE_TURN_END_SILENCE_MS: '700',
    });
    expect(config.stt).toEqual({ provider: 'openai', baseUrl: 'http://127.0.0.1:8000/v1', apiKey: null, model: 'Systran/faster-whisper-small' });
    expect(config.tts).toMatchObject({ provider: 'openai', model: 'kokoro', voice: 'af_heart' });
    expect(config.voice.turnEndSilenceMs).toBe(700);
  });

  it('lists every bad voice variable with a hint', () => {
    try {
      loadConfig({ STT_PROVIDER: 'whisper', VOICE_TURN_END_SILENCE_MS: '50', TTS_VOICE: 'robot', TTS_PROVIDER: 'flite' });
      expect.unreachable('loadConfig accepted bad values');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'STT_PROVIDER must be one of: auto, openai, sphinx, none (got "whisper")',
        'VOICE_TURN_END_SILENCE_MS must be at least 200 (shorter pauses cut people off mid-sentence) (got "50")',
      ]);
    }
    expect(() => loadConfig({ TTS_VOICE: 'robot' })).toThrow(
      'TTS_VOICE must be one of the built-in Flite voices (slt, kal16, rms, awb, kal) when TTS_PROVIDER=flite (got "robot")',
    );
    expect(() => loadConfig({ STT_PROVIDER: 'openai' })).toThrow('STT_BASE_URL or STT_API_KEY is required when STT_PROVIDER=openai');
  });
});

describe('telephony configuration', () => {
  it('is off without TWILIO_AUTH_TOKEN, hands off to 211 by default, and never echoes the token', () => {
    expect(loadConfig({}).telephony).toBeNull();
    expect(loadConfig({ TWILIO_AUTH_TOKEN: 'token-1' }).telephony).toEqual({ twilioAuthToken: 'token-1', humanHandoffNumber: '211' });
    expect(loadConfig({ TWILIO_AUTH_TOKEN: 'token-1', HUMAN_HANDOFF_NUMBER: '+14155550123' }).telephony?.humanHandoffNumber).toBe('+14155550123');
    expect(() => loadConfig({ HUMAN_HANDOFF_NUMBER: '555-1234' })).toThrow(/HUMAN_HANDOFF_NUMBER must be an E.164 phone number/);
    expect(loadConfig({ VOICE_MAX_CALLS: '8' }).voice.maxCalls).toBe(8);
    expect(() => loadConfig({ VOICE_MAX_CALLS: '0' })).toThrow(/VOICE_MAX_CALLS must be at least 1/);
  });
});
