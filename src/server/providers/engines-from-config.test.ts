import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { createVoiceProviders, speechRecognitionAvailable } from './engines-from-config.ts';

const installed = () => true;
const missing = () => false;

describe('createVoiceProviders', () => {
  it('auto: a configured server first, then pocketsphinx, else none', () => {
    expect(createVoiceProviders(loadConfig({ STT_API_KEY: 'key' }), { sphinxInstalled: installed }).stt?.name).toBe('openai');
    expect(createVoiceProviders(loadConfig({}), { sphinxInstalled: installed }).stt?.name).toBe('sphinx');
    expect(createVoiceProviders(loadConfig({}), { sphinxInstalled: missing }).stt).toBeNull();
  });

  it('sphinx when asked, none when it is not installed', () => {
    expect(createVoiceProviders(loadConfig({ STT_PROVIDER: 'sphinx' }), { sphinxInstalled: installed }).stt?.name).toBe('sphinx');
    expect(createVoiceProviders(loadConfig({ STT_PROVIDER: 'sphinx' }), { sphinxInstalled: missing }).stt).toBeNull();
  });

  it('none turns voice off even with an engine at hand; the pages ask the same rule', () => {
    const config = loadConfig({ STT_PROVIDER: 'none', STT_API_KEY: 'key' });
    expect(createVoiceProviders(config, { sphinxInstalled: installed }).stt).toBeNull();
    expect(speechRecognitionAvailable(config, installed)).toBe(false);
    expect(speechRecognitionAvailable(loadConfig({}), installed)).toBe(true);
    expect(speechRecognitionAvailable(loadConfig({}), missing)).toBe(false);
  });

  it('Silero detection and the configured speech', () => {
    const flite = createVoiceProviders(loadConfig({}), { sphinxInstalled: missing });
    expect(flite.vad.name).toBe('silero');
    expect(flite.tts.name).toBe('flite');
    const openai = createVoiceProviders(loadConfig({ TTS_PROVIDER: 'openai', TTS_API_KEY: 'key' }), { sphinxInstalled: missing });
    expect(openai.tts.name).toBe('openai');
  });
});
