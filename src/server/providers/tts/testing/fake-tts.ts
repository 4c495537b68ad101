import type { PcmAudio } from '../../audio/pcm.ts';
import { SpeechSynthesisError, type TextToSpeech } from '../tts.ts';

/**
 * Scriptable TTS for tests and benchmarks: a tone of `msPerCharacter` per character (so the
 * length of what is "spoken" follows the text), after `delayMs`. `failOn` makes sentences that
 * contain a given text fail.
 */
export class FakeTts implements TextToSpeech {
  readonly name = 'fake';
  speaksEveryLanguage = false;
  readonly sampleRate: number;
  msPerCharacter: number;
  delayMs: number;
  failOn: string | null = null;
  readonly spoken: string[] = [];

  constructor(options: { sampleRate?: number; msPerCharacter?: number; delayMs?: number } = {}) {
    this.sampleRate = options.sampleRate ?? 16_000;
    this.msPerCharacter = options.msPerCharacter ?? 1;
    this.delayMs = options.delayMs ?? 0;
  }

  async synthesize(text: string, signal: AbortSignal): Promise<PcmAudio> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (signal.aborted) throw new SpeechSynthesisError('aborted');
    if (this.failOn !== null && text.includes(this.failOn)) throw new SpeechSynthesisError('scripted failure');
    this.spoken.push(text);
    const length = Math.round((text.length * this.msPerCharacter * this.sampleRate) / 1000);
    const samples = new Int16Array(length);
    for (let index = 0; index < length; index++) samples[index] = Math.round(8000 * Math.sin(index / 8));
    return { samples, sampleRate: this.sampleRate };
  }

  async close(): Promise<void> {}
}
