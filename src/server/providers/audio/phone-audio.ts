/**
 * Telephone audio (G.711 μ-law at 8 kHz, as Twilio Media Streams and most carriers' media-stream
 * WebSockets send it) to and from the pipeline's 16 kHz PCM16. The upsampler keeps its filter state
 * between frames, so 20 ms frames joined are the same as the whole stream resampled at once (no
 * clicks at frame edges, which speech recognition hears as consonants).
 */

const MU_LAW_BIAS = 0x84;
const MU_LAW_CLIP = 32635;

/** One G.711 μ-law byte for a PCM16 sample. */
export function muLawFromSample(sample: number): number {
  let value = Math.max(-32768, Math.min(32767, Math.round(sample)));
  const sign = value < 0 ? 0x80 : 0;
  if (value < 0) value = -value;
  value = Math.min(value, MU_LAW_CLIP) + MU_LAW_BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (value & mask) === 0 && exponent > 0; mask >>= 1) exponent -= 1;
  const mantissa = (value >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** The PCM16 sample a G.711 μ-law byte stands for. */
export function sampleFromMuLaw(byte: number): number {
  const value = ~byte & 0xff;
  const sign = value & 0x80;
  const exponent = (value >> 4) & 0x07;
  const mantissa = value & 0x0f;
  const magnitude = (((mantissa << 3) + MU_LAW_BIAS) << exponent) - MU_LAW_BIAS;
  return sign ? -magnitude : magnitude;
}

const DECODE_TABLE = Int16Array.from({ length: 256 }, (_, byte) => sampleFromMuLaw(byte));

export function decodeMuLaw(bytes: Uint8Array): Int16Array {
  const samples = new Int16Array(bytes.length);
  for (let index = 0; index < bytes.length; index++) samples[index] = DECODE_TABLE[bytes[index] ?? 0xff] ?? 0;
  return samples;
}

export function encodeMuLaw(samples: Int16Array): Buffer {
  const bytes = Buffer.alloc(samples.length);
  for (let index = 0; index < samples.length; index++) bytes[index] = muLawFromSample(samples[index] ?? 0);
  return bytes;
}

/** Taps on each side of the half-band interpolation filter (Hann-windowed sinc, cut-off 4 kHz). */
const HALF_TAPS = 16;
/** Odd-phase weights: the new sample halfway between two input samples. */
const ODD_PHASE = Float64Array.from({ length: HALF_TAPS * 2 }, (_, index) => {
  const distance = index - HALF_TAPS + 0.5;
  const window = 0.5 * (1 + Math.cos((Math.PI * distance) / (HALF_TAPS + 0.5)));
  return (window * Math.sin(Math.PI * distance)) / (Math.PI * distance);
});
const ODD_PHASE_SUM = ODD_PHASE.reduce((sum, weight) => sum + weight, 0);

/**
 * 8 kHz → 16 kHz, frame by frame, band-limited. The output lags the input by HALF_TAPS samples
 * (2 ms): that much history is needed before the sample halfway between two inputs is known.
 */
export class PhoneUpsampler {
  /** The last 2·HALF_TAPS input samples (zeros before the call started). */
  #history = new Float64Array(HALF_TAPS * 2);
  readonly #holdMix: number;

  /**
   * @param holdMix share (0..1) of sample-and-hold in the new in-between samples: 0 is band-limited;
   *   more keeps images of the speech above 4 kHz (see PhoneAudioDecoder).
   */
  constructor(holdMix = 0) {
    this.#holdMix = holdMix;
  }

  push(input: Int16Array): Int16Array {
    const output = new Int16Array(input.length * 2);
    const history = this.#history;
    for (let index = 0; index < input.length; index++) {
      history.copyWithin(0, 1);
      history[history.length - 1] = input[index] ?? 0;
      // Even phase: an original sample (the one HALF_TAPS back); odd phase: the one after it.
      const original = history[HALF_TAPS - 1] ?? 0;
      let between = 0;
      for (let tap = 0; tap < ODD_PHASE.length; tap++) between += (history[tap] ?? 0) * (ODD_PHASE[tap] ?? 0);
      output[index * 2] = clamp(original);
      output[index * 2 + 1] = clamp((1 - this.#holdMix) * (between / ODD_PHASE_SUM) + this.#holdMix * original);
    }
    return output;
  }
}

function clamp(value: number): number {
  return Math.max(-32768, Math.min(32767, Math.round(value)));
}

/**
 * How much sample-and-hold the phone line's upsampling keeps. pocketsphinx's en-us model is a 16 kHz
 * model (filters up to 6.8 kHz): on band-limited telephone audio, whose top half is empty, it heard
 * "I need a place to sleep" as "when" (95 % word errors on the synthetic set). Half hold leaves
 * images of the speech up there, and the same sentences came back mostly right.
 */
const PHONE_HOLD_MIX = 0.5;

/** μ-law 8 kHz bytes from the phone → 16 kHz PCM16 for the pipeline. */
export class PhoneAudioDecoder {
  readonly #upsampler = new PhoneUpsampler(PHONE_HOLD_MIX);

  push(muLaw: Uint8Array): Int16Array {
    return this.#upsampler.push(decodeMuLaw(muLaw));
  }
}
