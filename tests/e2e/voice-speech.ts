// A spoken sentence as a WAV file for Chromium's fake microphone (DESIGN §10): synthesized with
// espeak-ng at test time (the en-us+f3 voice at 140 words a minute is the one pocketsphinx
// transcribes word for word), padded with silence so the server's turn detection sees the end of
// the turn, and resampled to 48 kHz mono PCM16, the rate Chromium's capture runs at.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PcmAudio } from '../../src/server/providers/audio/pcm.ts';
import { decodeWav, encodeWav } from '../../src/server/providers/audio/wav.ts';

const OUTPUT_SAMPLE_RATE = 48_000;

function resample(input: PcmAudio, sampleRate: number): Int16Array {
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
  const speech = resample(decodeWav(readFileSync(raw)), OUTPUT_SAMPLE_RATE);
  const silence = (ms: number) => new Int16Array(Math.round((OUTPUT_SAMPLE_RATE * ms) / 1_000));
  const lead = silence(options.leadMs ?? 500);
  const trail = silence(options.trailMs ?? 15_000);
  const samples = new Int16Array(lead.length + speech.length + trail.length);
  samples.set(speech, lead.length);
  const path = join(dir, 'speech-48k.wav');
  writeFileSync(path, encodeWav({ samples, sampleRate: OUTPUT_SAMPLE_RATE }));
  return path;
}
