/**
 * PCM16 conversions for the voice call (DESIGN §5.3): the microphone's float samples become 16 kHz
 * little-endian PCM16 frames of 20 ms, and the server's PCM16 reply becomes float samples to play.
 * Shared by the capture worklet and the page; no DOM use, so it runs in tests and in the worklet.
 */
// It imports nothing, so the capture worklet's bundle stays this file alone: the rates and the
// frame size come from the caller (src/shared/voice-protocol.ts on the page).

export interface CapturedFrame {
  /** Mono PCM16 little-endian at the output rate. */
  pcm: ArrayBuffer;
  /** Root-mean-square level of the frame, 0..1. */
  level: number;
}

function toInt16(sample: number): number {
  const clamped = Math.max(-1, Math.min(1, sample));
  return Math.round(clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff);
}

/**
 * Downsamples a stream of float samples (the audio context's rate, usually 48 kHz or 44.1 kHz) to
 * the output rate (16 kHz) by averaging the input samples behind each output sample, which also filters out most of
 * what 16 kHz cannot carry, and cuts the result into frames of `frameSamples` (20 ms: 320 at 16 kHz).
 */
export class PcmFramer {
  readonly #ratio: number;
  readonly #frameSamples: number;
  #sum = 0;
  #count = 0;
  /** Input samples seen so far, and where the next output sample ends, in input samples. */
  #consumed = 0;
  #nextBoundary: number;
  #frame: DataView;
  #frameFill = 0;
  #squares = 0;

  constructor(options: { inputSampleRate: number; outputSampleRate: number; frameSamples: number }) {
    const { inputSampleRate, outputSampleRate, frameSamples } = options;
    if (!(inputSampleRate >= outputSampleRate)) {
      throw new Error(`Input rate ${inputSampleRate} Hz is below ${outputSampleRate} Hz`);
    }
    this.#ratio = inputSampleRate / outputSampleRate;
    this.#nextBoundary = this.#ratio;
    this.#frameSamples = frameSamples;
    this.#frame = new DataView(new ArrayBuffer(frameSamples * 2));
  }

  /** Takes the next input samples; returns the frames they completed, oldest first. */
  push(input: Float32Array): CapturedFrame[] {
    const frames: CapturedFrame[] = [];
    for (const sample of input) {
      this.#sum += sample;
      this.#count += 1;
      this.#consumed += 1;
      if (this.#consumed + 1e-9 < this.#nextBoundary) continue;
      const value = this.#sum / this.#count;
      this.#sum = 0;
      this.#count = 0;
      this.#nextBoundary += this.#ratio;
      this.#frame.setInt16(this.#frameFill * 2, toInt16(value), true);
      this.#squares += value * value;
      this.#frameFill += 1;
      if (this.#frameFill === this.#frameSamples) {
        frames.push({ pcm: this.#frame.buffer as ArrayBuffer, level: Math.min(1, Math.sqrt(this.#squares / this.#frameSamples)) });
        this.#frame = new DataView(new ArrayBuffer(this.#frameSamples * 2));
        this.#frameFill = 0;
        this.#squares = 0;
      }
    }
    return frames;
  }
}

/** Mono PCM16 little-endian bytes to float samples in -1..1 (a trailing odd byte is ignored). */
export function pcm16ToFloat32(bytes: ArrayBuffer): Float32Array<ArrayBuffer> {
  const view = new DataView(bytes);
  const samples = new Float32Array(Math.floor(bytes.byteLength / 2));
  for (let index = 0; index < samples.length; index += 1) {
    samples[index] = view.getInt16(index * 2, true) / 0x8000;
  }
  return samples;
}

/** Root-mean-square level of float samples, 0..1. */
export function rmsLevel(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let squares = 0;
  for (const sample of samples) squares += sample * sample;
  return Math.min(1, Math.sqrt(squares / samples.length));
}
