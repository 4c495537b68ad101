/**
 * Real speech for tests that need it (VAD and STT contracts, the real-engine call): Flite, the
 * built-in synthesizer, says a sentence at 16 kHz. PocketSphinx transcribes its `slt` voice word
 * for word, so assertions on key words are stable.
 */
import { FliteTts } from '../../tts/flite-tts.ts';
import { resamplePcm16 } from '../pcm.ts';

export async function synthesizeSpeech(text: string, sampleRate = 16_000): Promise<Int16Array> {
  const flite = new FliteTts();
  try {
    const audio = await flite.synthesize(text, new AbortController().signal);
    return resamplePcm16(audio, sampleRate);
  } finally {
    await flite.close();
  }
}
