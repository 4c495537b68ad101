/**
 * The capture AudioWorklet (DESIGN §8): runs on the audio thread, turns the microphone's 128-sample
 * render quanta into 16 kHz PCM16 frames of 20 ms and posts each one to the page with its level.
 * Loaded with `addModule` from its own file (a blob URL would need a CSP exception).
 */
import { PcmFramer, type CapturedFrame } from './pcm.ts';

export const CAPTURE_PROCESSOR_NAME = 'ellis-capture';

export interface CaptureProcessorOptions {
  outputSampleRate: number;
  frameSamples: number;
}

// The AudioWorkletGlobalScope is not part of TypeScript's DOM library.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(
  name: string,
  processor: new (options: { processorOptions: CaptureProcessorOptions }) => AudioWorkletProcessor,
): void;

class CaptureProcessor extends AudioWorkletProcessor {
  readonly #framer: PcmFramer;

  constructor(options: { processorOptions: CaptureProcessorOptions }) {
    super();
    this.#framer = new PcmFramer({ inputSampleRate: sampleRate, ...options.processorOptions });
  }

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (channel) {
      for (const frame of this.#framer.push(channel)) {
        this.port.postMessage(frame satisfies CapturedFrame, [frame.pcm]);
      }
    }
    // Keep running while the node is connected, even through silence.
    return true;
  }
}

registerProcessor(CAPTURE_PROCESSOR_NAME, CaptureProcessor);
