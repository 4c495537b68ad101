import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { accessSync, constants, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bytesFromPcm16, resamplePcm16, type PcmAudio } from '../audio/pcm.ts';
import { SpeechRecognitionError, STT_TIMEOUT_MS, type RecognitionResult, type SpeechToText, type StreamingRecognition } from './stt.ts';

/** Where Debian's pocketsphinx and pocketsphinx-en-us packages put things. */
export const SPHINX_DEFAULTS = {
  binary: '/usr/bin/pocketsphinx_batch',
  streamingBinary: '/usr/bin/pocketsphinx_continuous',
  modelDir: '/usr/share/pocketsphinx/model/en-us',
} as const;

/**
 * The en-us model's initial cepstral means (its feat.params): live normalisation starts from them
 * instead of from zero, which is what garbled the first words of a fresh decoder.
 */
const EN_US_CMN_INIT = '41.00,-5.29,-0.12,5.09,2.48,-4.07,-1.37,-1.78,-5.08,-2.05,-6.45,-1.42,1.17';

const SAMPLE_RATE = 16_000;
/** A control file naming one utterance, `stdin`, read from `-cepdir /dev`: audio goes through a pipe. */
const STDIN_CONTROL_FILE = fileURLToPath(new URL('./sphinx-stdin.ctl', import.meta.url));

export interface SphinxOptions {
  binary?: string;
  streamingBinary?: string;
  modelDir?: string;
  /** The n-gram model to decode with (default: the model directory's general en-us.lm.bin). */
  languageModel?: string | undefined;
  /** The pronunciation dictionary (default: the model directory's cmudict-en-us.dict). */
  dictionary?: string | undefined;
  /** Decoders running at once; more turns wait (each decoder keeps one core busy). */
  maxConcurrent?: number;
  timeoutMs?: number;
}

/** True when the CLI and the en-us model are installed. */
export function isSphinxInstalled(options: SphinxOptions = {}): boolean {
  const binary = options.binary ?? SPHINX_DEFAULTS.binary;
  const modelDir = options.modelDir ?? SPHINX_DEFAULTS.modelDir;
  try {
    accessSync(binary, constants.X_OK);
  } catch {
    return false;
  }
  return ['en-us/mdef', 'en-us.lm.bin', 'cmudict-en-us.dict'].every((file) => existsSync(join(modelDir, file)));
}

/**
 * Offline recognition with CMU PocketSphinx (Debian 12 ships 5prealpha). `pocketsphinx_batch`
 * decodes a whole utterance at once, so cepstral mean normalisation sees the whole turn:
 * `pocketsphinx_continuous`' live normalisation garbles the first words of a fresh process.
 * Raw 16 kHz PCM16 goes in on stdin; the hypothesis comes back on stdout. The CLI opens
 * /dev/stdin and /dev/stdout by name, which fails on the sockets Node gives a child for stdio,
 * so the decoder runs between two `cat`s in a bash pipeline (real pipes; nothing touches disk).
 */
export class SphinxStt implements SpeechToText {
  readonly name = 'sphinx';
  readonly #binary: string;
  readonly #streamingBinary: string;
  readonly #modelDir: string;
  readonly #languageModel: string;
  readonly #dictionary: string;
  /** A decoder with its model loaded, waiting for the next turn (loading takes a few hundred ms). */
  #spare: DecoderProcess | null = null;
  #closed = false;
  readonly #maxConcurrent: number;
  readonly #timeoutMs: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(options: SphinxOptions = {}) {
    this.#binary = options.binary ?? SPHINX_DEFAULTS.binary;
    this.#streamingBinary = options.streamingBinary ?? SPHINX_DEFAULTS.streamingBinary;
    this.#modelDir = options.modelDir ?? SPHINX_DEFAULTS.modelDir;
    this.#languageModel = options.languageModel ?? join(this.#modelDir, 'en-us.lm.bin');
    this.#dictionary = options.dictionary ?? join(this.#modelDir, 'cmudict-en-us.dict');
    this.#maxConcurrent = options.maxConcurrent ?? 2;
    this.#timeoutMs = options.timeoutMs ?? STT_TIMEOUT_MS;
  }

  async transcribe(audio: PcmAudio, signal: AbortSignal): Promise<string> {
    if (signal.aborted) throw new SpeechRecognitionError('aborted');
    await this.#acquire(signal);
    try {
      return await this.#decode(bytesFromPcm16(resamplePcm16(audio, SAMPLE_RATE)), signal);
    } finally {
      this.#release();
    }
  }

  /**
   * Decodes while the caller speaks: `pocketsphinx_continuous` reads the turn's audio from a pipe
   * as it arrives (its own voice detection off: our detector decides where the turn ends), so when
   * the turn ends only the last frames and the search's end remain.
   */
  startRecognition(): StreamingRecognition {
    const decoder = this.#spare ?? this.#spawnStreamingDecoder();
    this.#spare = null;
    // The next turn (this call's or another's) finds a loaded decoder waiting.
    setImmediate(() => {
      if (!this.#closed && !this.#spare) this.#spare = this.#spawnStreamingDecoder();
    });
    return new SphinxStreamingRecognition(decoder, this.#timeoutMs);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#spare?.kill();
    this.#spare = null;
  }

  /** The acoustic model, language model, dictionary and rate both decoders load. */
  #modelArgs(): string[] {
    const model = this.#modelDir;
    return ['-hmm', join(model, 'en-us'), '-lm', this.#languageModel, '-dict', this.#dictionary, '-samprate', String(SAMPLE_RATE)];
  }

  #spawnStreamingDecoder(): DecoderProcess {
    const args = [
      ...this.#modelArgs(),
      '-infile', '/dev/stdin',
      '-cmn', 'live',
      '-cmninit', EN_US_CMN_INIT,
      // Every frame is speech to it: one turn in, one hypothesis out.
      '-vad_threshold', '0',
      // Each word with its posterior probability, after the hypothesis.
      '-time', 'yes',
      '-logfn', '/dev/null',
    ];
    return new DecoderProcess(
      spawn('/bin/bash', ['-c', 'cat | "$0" "$@" | cat', this.#streamingBinary, ...args], { stdio: ['pipe', 'pipe', 'ignore'], detached: true }),
    );
  }

  #decode(raw: Buffer, signal: AbortSignal): Promise<string> {
    const args = [
      ...this.#modelArgs(),
      '-adcin', 'yes',
      '-cepdir', '/dev',
      '-cepext', '',
      '-ctl', STDIN_CONTROL_FILE,
      '-hyp', '/dev/stdout',
      '-logfn', '/dev/null',
    ];
    return new Promise<string>((resolve, reject) => {
      const child = spawn('/bin/bash', ['-c', 'set -o pipefail; cat | "$0" "$@" | cat', this.#binary, ...args], {
        stdio: ['pipe', 'pipe', 'ignore'],
        // Its own process group, so an abort kills bash, both cats and the decoder together.
        detached: true,
      });
      const output: Buffer[] = [];
      let settled = false;
      const finish = (error: Error | null, text = '') => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        if (error) {
          if (child.pid !== undefined && child.exitCode === null) {
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch {
              // Already gone.
            }
          }
          reject(error);
        } else {
          resolve(text);
        }
      };
      const onAbort = () => finish(new SpeechRecognitionError('aborted'));
      const timer = setTimeout(() => finish(new SpeechRecognitionError('pocketsphinx timed out')), this.#timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      child.on('error', (error) => finish(new SpeechRecognitionError('pocketsphinx could not start', { cause: error })));
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
      child.on('close', (code) => {
        if (code === 126 || code === 127) return finish(new SpeechRecognitionError('pocketsphinx could not start'));
        if (code !== 0) return finish(new SpeechRecognitionError(`pocketsphinx exited with ${code}`));
        finish(null, parseHypothesis(Buffer.concat(output).toString('utf8')));
      });
      // A pipeline that died early closes stdin; its exit code tells the story, not EPIPE.
      child.stdin.on('error', () => {});
      child.stdin.end(raw);
    });
  }

  async #acquire(signal: AbortSignal): Promise<void> {
    if (this.#running < this.#maxConcurrent) {
      this.#running += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.#waiting.indexOf(start);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(new SpeechRecognitionError('aborted'));
      };
      const start = () => {
        signal.removeEventListener('abort', onAbort);
        this.#running += 1;
        resolve();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(start);
    });
  }

  #release(): void {
    this.#running -= 1;
    this.#waiting.shift()?.();
  }
}

/** `i need a place to sleep (stdin -12687)` → `i need a place to sleep`. */
export function parseHypothesis(output: string): string {
  const line = output.split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  return line.replace(/\s*\(stdin\s+-?\d+\)\s*$/, '').trim();
}

/** A streaming decoder process (bash, two cats and pocketsphinx in one process group). */
class DecoderProcess {
  readonly #child: ChildProcessByStdio<Writable, Readable, null>;
  readonly #output: Buffer[] = [];
  readonly exited: Promise<number | null>;

  constructor(child: ChildProcessByStdio<Writable, Readable, null>) {
    this.#child = child;
    child.stdout.on('data', (chunk: Buffer) => this.#output.push(chunk));
    // A pipeline that died early closes stdin; its exit code tells the story, not EPIPE.
    child.stdin.on('error', () => {});
    this.exited = new Promise((resolve) => {
      child.on('error', () => resolve(127));
      child.on('close', (code) => resolve(code));
    });
  }

  write(bytes: Buffer): void {
    if (this.#child.stdin.writable) this.#child.stdin.write(bytes);
  }

  endInput(): void {
    this.#child.stdin.end();
  }

  output(): string {
    return Buffer.concat(this.#output).toString('utf8');
  }

  kill(): void {
    if (this.#child.pid === undefined || this.#child.exitCode !== null) return;
    try {
      process.kill(-this.#child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

class SphinxStreamingRecognition implements StreamingRecognition {
  readonly #decoder: DecoderProcess;
  readonly #timeoutMs: number;
  #done = false;

  constructor(decoder: DecoderProcess, timeoutMs: number) {
    this.#decoder = decoder;
    this.#timeoutMs = timeoutMs;
  }

  push(samples: Int16Array): void {
    if (!this.#done) this.#decoder.write(bytesFromPcm16(samples));
  }

  async finish(signal: AbortSignal): Promise<RecognitionResult> {
    if (this.#done) throw new SpeechRecognitionError('recognition already finished');
    this.#done = true;
    if (signal.aborted) {
      this.#decoder.kill();
      throw new SpeechRecognitionError('aborted');
    }
    this.#decoder.endInput();
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SpeechRecognitionError('pocketsphinx timed out')), this.#timeoutMs);
      onAbort = () => reject(new SpeechRecognitionError('aborted'));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const code = await Promise.race([this.#decoder.exited, stopped]);
      if (code === 126 || code === 127) throw new SpeechRecognitionError('pocketsphinx could not start');
      if (code !== 0) throw new SpeechRecognitionError(`pocketsphinx exited with ${code}`);
      return parseStreamingOutput(this.#decoder.output());
    } catch (error) {
      this.#decoder.kill();
      throw error;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  }

  cancel(): void {
    this.#done = true;
    this.#decoder.kill();
  }
}

const WORD_TIMING = /^(\S+) \d+\.\d+ \d+\.\d+ (\d+(?:\.\d+)?)$/;

/**
 * `pocketsphinx_continuous -time yes` prints, per utterance, the hypothesis and then one line per
 * word: `need 0.310 0.630 0.959633` (start, end, posterior). Its detector is off, but a very long turn
 * may still come out as more than one utterance: they are joined.
 */
export function parseStreamingOutput(output: string): RecognitionResult {
  const words: string[] = [];
  const confidences: number[] = [];
  for (const line of output.split('\n').map((candidate) => candidate.trim())) {
    if (line === '') continue;
    const timing = WORD_TIMING.exec(line);
    if (!timing) {
      words.push(line);
      continue;
    }
    const word = timing[1] ?? '';
    // Sentence marks, silences and noises are not words the caller said.
    if (/^[<[+]/.test(word)) continue;
    confidences.push(Math.min(1, Number(timing[2])));
  }
  return { text: words.join(' '), wordConfidences: confidences.length > 0 ? confidences : null };
}
