// A spoken sentence as a WAV file for Chromium's fake microphone (DESIGN §10): synthesized with
// espeak-ng at test time (the en-us+f3 voice at 140 words a minute is the one pocketsphinx
// transcribes word for word), padded with silence so the server's turn detection sees the end of
// the turn, and resampled to 48 kHz mono PCM16, the rate Chromium's capture runs at.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const OUTPUT_SAMPLE_RATE = 48_000;

interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

/** Reads a mono 16-bit PCM WAV file (what espeak-ng writes). */
function readWav(bytes: Buffer): Pcm {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') throw new Error('Not a WAV file');
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = bytes.readUInt16LE(body);
      const channels = bytes.readUInt16LE(body + 2);
      const bits = bytes.readUInt16LE(body + 14);
      if (format !== 1 || channels !== 1 || bits !== 16) throw new Error(`Expected mono PCM16, got format ${format}, ${channels} ch, ${bits} bit`);
      sampleRate = bytes.readUInt32LE(body + 4);
    } else if (id === 'data') {
      const length = Math.min(size, bytes.length - body);
      const samples = new Int16Array(length / 2);
      for (let index = 0; index < samples.length; index += 1) samples[index] = bytes.readInt16LE(body + index * 2);
      if (!sampleRate) throw new Error('WAV data before fmt chunk');
      return { sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file without a data chunk');
}

function resample(input: Pcm, sampleRate: number): Int16Array {
  const ratio = input.sampleRate / sampleRate;
  const output = new Int16Array(Math.floor(input.samples.length / ratio));
  for (let index = 0; index < output.length; index += 1) {
    const position = index * ratio;
    const before = Math.floor(position);
    const after = Math.min(before + 1, input.samples.length - 1);
    const weight = position - before;
    output[index] = Math.round((input.samples[before] ?? 0) * (1 - weight) + (input.samples[after] ?? 0) * weight);
  }
  return output;
}

function wavBytes(samples: Int16Array, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length * 2, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length * 2, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/**
 * Writes `text`, spoken by espeak-ng, to a new WAV file and returns its path: `leadMs` of silence,
 * the sentence, then `trailMs` of silence: Chromium loops the file, and the pause lets Ellis answer
 * before the sentence comes round again.
 */
export function synthesizeSpeechWav(text: string, options: { leadMs?: number; trailMs?: number } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'ellis-voice-e2e-'));
  const raw = join(dir, 'espeak.wav');
  try {
    execFileSync('espeak-ng', ['-v', 'en-us+f3', '-s', '140', '-w', raw, text], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    throw new Error(`espeak-ng could not synthesize the test sentence (install it: apt-get install -y espeak-ng): ${String(error)}`);
  }
  const speech = resample(readWav(readFileSync(raw)), OUTPUT_SAMPLE_RATE);
  const silence = (ms: number) => new Int16Array(Math.round((OUTPUT_SAMPLE_RATE * ms) / 1_000));
  const lead = silence(options.leadMs ?? 500);
  const trail = silence(options.trailMs ?? 15_000);
  const samples = new Int16Array(lead.length + speech.length + trail.length);
  samples.set(speech, lead.length);
  const path = join(dir, 'speech-48k.wav');
  writeFileSync(path, wavBytes(samples, OUTPUT_SAMPLE_RATE));
  return path;
}
