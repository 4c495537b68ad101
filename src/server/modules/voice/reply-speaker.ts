import type { VoiceServerMessage } from '../../../shared/voice-protocol.ts';
import { resamplePcm16, type PcmAudio } from '../../providers/audio/pcm.ts';
import type { TextToSpeech } from '../../providers/tts/tts.ts';
import { SentenceSplitter } from './sentence-splitter.ts';

export interface SpeakerOutput {
  send(message: VoiceServerMessage): void;
  /** PCM16 at the announced output rate. */
  sendAudio(samples: Int16Array): void;
}

/** Rewrites a reply for a listener, sentence by sentence (the phone line: for the ear). */
export interface ReplyShaper {
  /** The sentence as it should be heard; '' leaves it unsaid. */
  sentence(text: string): string;
  /** Words to add once the reply is complete (an offer to repeat), or ''. */
  finish(): string;
}

export interface ReplySpeakerOptions {
  tts: TextToSpeech;
  output: SpeakerOutput;
  outputSampleRate: number;
  /** How far ahead of the listener's playback audio is sent (covers network jitter). */
  leadMs: number;
  /** Size of each binary frame sent. */
  chunkMs: number;
  /** Aborts synthesis requests still running when the reply is cut off. */
  signal: AbortSignal;
  now: () => number;
  shaper?: ReplyShaper;
  /** Called once, when the first audio frame goes out. */
  onFirstAudio?: () => void;
  /** Called once with the time the first sentence took to synthesize. */
  onFirstSynthesis?: (elapsedMs: number) => void;
  /** Called for each sentence that could not be synthesized (it is shown, not heard). */
  onSynthesisError?: (error: unknown) => void;
}

interface QueuedSentence {
  text: string;
  audio: Promise<PcmAudio | null>;
}

/** A sentence as the listener hears it: wall-clock start and end of its playback. */
interface PlayedSentence {
  text: string;
  startsAt: number;
  endsAt: number;
}

/**
 * Speaks one reply: splits the streamed text into sentences, synthesizes each as soon as it is
 * complete (the next one while the previous one plays), and sends the audio paced to real time,
 * a little ahead. Pacing is what lets the server know what the listener has actually heard when
 * they interrupt, and keeps little audio queued on their side.
 */
export class ReplySpeaker {
  readonly #options: ReplySpeakerOptions;
  readonly #splitter = new SentenceSplitter();
  readonly #queue: QueuedSentence[] = [];
  readonly #played: PlayedSentence[] = [];
  #text = '';
  #inputDone = false;
  #stopped = false;
  #speaking = false;
  #firstSynthesisReported = false;
  /** Wall-clock time at which the audio sent so far ends playing. */
  #playhead = 0;
  #wake: (() => void) | null = null;
  #loop: Promise<void> | null = null;

  constructor(options: ReplySpeakerOptions) {
    this.#options = options;
  }

  /** Everything the reply said so far (heard or not). */
  get text(): string {
    return this.#text;
  }

  /** Adds streamed reply text. */
  push(text: string): void {
    if (this.#stopped || this.#inputDone) return;
    this.#text += text;
    for (const sentence of this.#splitter.push(text)) this.#enqueue(sentence);
  }

  /** The reply is complete: speaks what is left and resolves once the listener has heard it all. */
  async finish(): Promise<void> {
    if (!this.#inputDone) {
      for (const sentence of this.#splitter.flush()) this.#enqueue(sentence);
      const closing = this.#options.shaper?.finish() ?? '';
      if (closing !== '') this.#enqueueShaped(closing);
      this.#inputDone = true;
      this.#wakeLoop();
    }
    if (this.#loop) await this.#loop;
    if (this.#stopped) return;
    await this.#sleep(this.#playhead - this.#options.now());
    if (this.#stopped) return;
    if (this.#speaking) {
      this.#speaking = false;
      this.#options.output.send({ type: 'speech-end' });
    }
  }

  /**
   * Cuts the reply off (barge-in, hang-up): no more audio is sent, `speech-end` tells the page to
   * drop what it still has queued, and the part the listener heard is returned.
   */
  stop(): string {
    if (this.#stopped) return '';
    const heard = this.heardText(this.#options.now());
    this.#stopped = true;
    this.#wakeLoop();
    if (this.#speaking) {
      this.#speaking = false;
      this.#options.output.send({ type: 'speech-end' });
    }
    return heard;
  }

  /**
   * What the listener had heard at `at`: whole sentences already played and, of the one playing,
   * its words in proportion to the time played, with an ellipsis where it was cut.
   */
  heardText(at: number): string {
    const parts: string[] = [];
    for (const sentence of this.#played) {
      if (sentence.startsAt >= at) break;
      if (sentence.endsAt <= at) {
        parts.push(sentence.text);
        continue;
      }
      const words = sentence.text.split(/\s+/);
      const fraction = (at - sentence.startsAt) / (sentence.endsAt - sentence.startsAt);
      const kept = words.slice(0, Math.floor(words.length * fraction));
      if (kept.length > 0) parts.push(`${kept.join(' ')}…`);
      break;
    }
    return parts.join(' ');
  }

  #enqueue(sentence: string): void {
    const text = this.#options.shaper ? this.#options.shaper.sentence(sentence) : sentence;
    if (text !== '') this.#enqueueShaped(text);
  }

  #enqueueShaped(text: string): void {
    const startedAt = this.#options.now();
    const audio = this.#options.tts.synthesize(text, this.#options.signal).then(
      (result) => {
        if (!this.#firstSynthesisReported) {
          this.#firstSynthesisReported = true;
          this.#options.onFirstSynthesis?.(this.#options.now() - startedAt);
        }
        return result;
      },
      (error: unknown) => {
        if (!this.#stopped && !this.#options.signal.aborted) this.#options.onSynthesisError?.(error);
        return null;
      },
    );
    this.#queue.push({ text, audio });
    this.#loop ??= this.#play();
    this.#wakeLoop();
  }

  async #play(): Promise<void> {
    const { output, outputSampleRate, chunkMs, leadMs, now } = this.#options;
    const chunkSamples = Math.max(1, Math.round((outputSampleRate * chunkMs) / 1000));
    for (;;) {
      if (this.#stopped) return;
      const next = this.#queue.shift();
      if (!next) {
        if (this.#inputDone) return;
        await new Promise<void>((resolve) => (this.#wake = resolve));
        continue;
      }
      const audio = await next.audio;
      if (this.#stopped) return;
      const startsAt = Math.max(this.#playhead, now());
      this.#playhead = startsAt;
      const samples = audio ? resamplePcm16(audio, outputSampleRate) : new Int16Array(0);
      this.#played.push({ text: next.text, startsAt, endsAt: startsAt + (samples.length / outputSampleRate) * 1000 });
      for (let offset = 0; offset < samples.length; offset += chunkSamples) {
        await this.#sleep(this.#playhead - now() - leadMs);
        if (this.#stopped) return;
        if (!this.#speaking) {
          this.#speaking = true;
          output.send({ type: 'speech-start' });
          this.#options.onFirstAudio?.();
          this.#options.onFirstAudio = undefined;
        }
        const chunk = samples.subarray(offset, offset + chunkSamples);
        // A gap (slow synthesis) means the listener's queue ran dry: playback restarts now.
        this.#playhead = Math.max(this.#playhead, now()) + (chunk.length / outputSampleRate) * 1000;
        output.sendAudio(chunk);
      }
    }
  }

  #wakeLoop(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  #sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
