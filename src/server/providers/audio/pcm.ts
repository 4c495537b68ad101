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

/**
 * Changes the sample rate. Downsampling first averages over the ratio (a box filter) so speech
 * above the new Nyquist rate does not fold back as hiss; then linear interpolation. Good enough for
 * speech between 8, 16, 22.05 and 24 kHz; not a mastering-grade resampler.
 */
export function resamplePcm16(audio: PcmAudio, targetRate: number): Int16Array {
  const { samples, sampleRate } = audio;
  if (sampleRate === targetRate || samples.length === 0) return samples;
  const ratio = sampleRate / targetRate;
  const outputLength = Math.max(1, Math.round(samples.length / ratio));
  const output = new Int16Array(outputLength);
  const halfWindow = ratio > 1 ? ratio / 2 : 0;
  for (let index = 0; index < outputLength; index++) {
    const position = index * ratio;
    let value: number;
    if (halfWindow > 0) {
      const start = Math.max(0, Math.floor(position - halfWindow));
      const end = Math.min(samples.length - 1, Math.ceil(position + halfWindow));
      let sum = 0;
      for (let source = start; source <= end; source++) sum += samples[source] ?? 0;
      value = sum / (end - start + 1);
    } else {
      const before = Math.floor(position);
      const after = Math.min(samples.length - 1, before + 1);
      const fraction = position - before;
      value = (samples[before] ?? 0) * (1 - fraction) + (samples[after] ?? 0) * fraction;
    }
    output[index] = Math.max(-32768, Math.min(32767, Math.round(value)));
  }
  return output;
}
