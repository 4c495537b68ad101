/**
 * Mono PCM16 helpers shared by the voice pipeline and the speech adapters. Audio only ever lives in
 * memory: nothing here writes a file.
 */

/** Mono PCM16 samples with their rate. */
export interface PcmAudio {
  samples: Int16Array;
  sampleRate: number;
}

/** Copies little-endian PCM16 bytes into samples (a Buffer's offset may be odd, so never view it). */
export function pcm16FromBytes(bytes: Uint8Array): Int16Array {
  const count = Math.floor(bytes.byteLength / 2);
  const samples = new Int16Array(count);
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
  for (let index = 0; index < count; index++) samples[index] = view.getInt16(index * 2, true);
  return samples;
}

/** Little-endian bytes of PCM16 samples. */
export function bytesFromPcm16(samples: Int16Array): Buffer {
  const bytes = Buffer.alloc(samples.length * 2);
  for (let index = 0; index < samples.length; index++) bytes.writeInt16LE(samples[index] ?? 0, index * 2);
  return bytes;
}

export function floatFromPcm16(samples: Int16Array): Float32Array {
  const floats = new Float32Array(samples.length);
  for (let index = 0; index < samples.length; index++) floats[index] = (samples[index] ?? 0) / 32768;
  return floats;
}

/** Root mean square of the samples, 0..1. */
export function rootMeanSquare(samples: Int16Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let index = 0; index < samples.length; index++) {
    const value = (samples[index] ?? 0) / 32768;
    sum += value * value;
  }
  return Math.sqrt(sum / samples.length);
}

/** Joins chunks into one array. */
export function concatPcm16(chunks: readonly Int16Array[]): Int16Array {
  const total = chunks.reduce((length, chunk) => length + chunk.length, 0);
  const joined = new Int16Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}

export function durationMs(samples: number, sampleRate: number): number {
  return (samples / sampleRate) * 1000;
}

/** Zero crossings of the sinc kernel on each side: enough for speech, cheap enough per frame. */
const SINC_ZERO_CROSSINGS = 8;

/**
 * Changes the sample rate with a Hann-windowed sinc (band-limited interpolation). When going down,
 * the kernel is widened so everything above the new Nyquist rate is filtered out instead of folding
 * back as hiss, which speech recognition hears as wrong consonants.
 */
export function resamplePcm16(audio: PcmAudio, targetRate: number): Int16Array {
  const { samples, sampleRate } = audio;
  if (sampleRate === targetRate || samples.length === 0) return samples;
  const ratio = sampleRate / targetRate;
  const cutoff = Math.min(1, targetRate / sampleRate);
  const halfWidth = Math.ceil(SINC_ZERO_CROSSINGS / cutoff);
  const outputLength = Math.max(1, Math.round(samples.length / ratio));
  const output = new Int16Array(outputLength);
  const last = samples.length - 1;
  // Common rate pairs (16→8 kHz, 24→16 kHz) repeat a few sub-sample phases: their kernels are
  // computed once, not per output sample (the phone line resamples every sentence before it plays).
  const kernels = new Map<number, Float64Array>();
  for (let index = 0; index < outputLength; index++) {
    const center = index * ratio;
    const base = Math.floor(center);
    const phase = Math.round((center - base) * 1e6);
    let kernel = kernels.get(phase);
    if (!kernel) {
      kernel = sincKernel(center - base, halfWidth, cutoff);
      if (kernels.size < MAX_CACHED_PHASES) kernels.set(phase, kernel);
    }
    let sum = 0;
    let weights = 0;
    const first = base - halfWidth + 1;
    for (let tap = 0; tap < kernel.length; tap++) {
      const weight = kernel[tap] ?? 0;
      if (weight === 0) continue;
      sum += (samples[Math.min(last, Math.max(0, first + tap))] ?? 0) * weight;
      weights += weight;
    }
    output[index] = Math.max(-32768, Math.min(32767, Math.round(weights === 0 ? 0 : sum / weights)));
  }
  return output;
}

const MAX_CACHED_PHASES = 256;

/** Weights of the Hann-windowed sinc for source samples base−halfWidth+1 … base+halfWidth, centre at base+fraction. */
function sincKernel(fraction: number, halfWidth: number, cutoff: number): Float64Array {
  const kernel = new Float64Array(halfWidth * 2);
  for (let tap = 0; tap < kernel.length; tap++) {
    const distance = tap - halfWidth + 1 - fraction;
    if (Math.abs(distance) >= halfWidth) continue;
    const window = 0.5 * (1 + Math.cos((Math.PI * distance) / halfWidth));
    const scaled = cutoff * distance;
    kernel[tap] = window * (scaled === 0 ? 1 : Math.sin(Math.PI * scaled) / (Math.PI * scaled));
  }
  return kernel;
}
