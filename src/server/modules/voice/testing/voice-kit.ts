/**
 * Helpers for voice tests and benchmarks: recorded transport, test audio.
 */
import type { VoiceCallEndReason, VoiceServerMessage } from '../../../../shared/voice-protocol.ts';
import type { VoiceCallTransport } from '../voice-call.ts';

/** A loud 16 kHz tone: speech to the fake detector. */
export function tone(ms: number, sampleRate = 16_000): Int16Array {
  const samples = new Int16Array(Math.round((ms * sampleRate) / 1000));
  for (let index = 0; index < samples.length; index++) samples[index] = Math.round(8000 * Math.sin(index / 5));
  return samples;
}

export function silence(ms: number, sampleRate = 16_000): Int16Array {
  return new Int16Array(Math.round((ms * sampleRate) / 1000));
}

/** Splits audio into page-sized frames (20 ms at 16 kHz). */
export function frames(samples: Int16Array, frameSamples = 320): Int16Array[] {
  const result: Int16Array[] = [];
  for (let offset = 0; offset < samples.length; offset += frameSamples) result.push(samples.slice(offset, offset + frameSamples));
  return result;
}

/** Collects what a call sends; `next` waits for a message that matches. */
export class RecordingTransport implements VoiceCallTransport {
  readonly messages: VoiceServerMessage[] = [];
  readonly audio: Int16Array[] = [];
  endedWith: VoiceCallEndReason | null = null;
  readonly #waiters: Array<{ match: (message: VoiceServerMessage) => boolean; resolve: (message: VoiceServerMessage) => void }> = [];

  send(message: VoiceServerMessage): void {
    this.messages.push(message);
    for (const waiter of [...this.#waiters]) {
      if (waiter.match(message)) {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  }

  sendAudio(samples: Int16Array): void {
    this.audio.push(samples);
  }

  end(reason: VoiceCallEndReason): void {
    this.endedWith = reason;
  }

  /** Resolves with the first message from now on that matches, or fails after `timeoutMs`. */
  next<T extends VoiceServerMessage['type']>(
    type: T,
    where: (message: Extract<VoiceServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<Extract<VoiceServerMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} message within ${timeoutMs} ms`)), timeoutMs);
      this.#waiters.push({
        match: (message) => message.type === type && where(message as Extract<VoiceServerMessage, { type: T }>),
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message as Extract<VoiceServerMessage, { type: T }>);
        },
      });
    });
  }

  of<T extends VoiceServerMessage['type']>(type: T): Array<Extract<VoiceServerMessage, { type: T }>> {
    return this.messages.filter((message): message is Extract<VoiceServerMessage, { type: T }> => message.type === type);
  }

  audioSamples(): number {
    return this.audio.reduce((total, chunk) => total + chunk.length, 0);
  }
}
