// Word error rate of the offline recogniser, before and after:
//   before:   pocketsphinx_batch on the whole utterance (what the pipeline did);
//   pipeline: what a call does now: gain normalisation and Silero VAD cut turns (TurnDetector),
//             each turn decoded by pocketsphinx while it is "spoken" (StreamingRecognition);
//   phone:    the same after the telephone path (8 kHz μ-law and back to 16 kHz);
//   file:     (real set) pocketsphinx_batch reading the WAV files themselves, the whole file as one
//             utterance with batch normalisation: how the set's README measured its 0.406 baseline.
// Real speech: ../shared/data/speech (42 openly licensed recordings with exact transcripts; read
// its README — an evaluation set only, never tuned on). When the recordings are not on this machine
// the report says "missing" for that part. Synthetic speech: Flite and espeak-ng voices at several
// rates, including the two sentences issue 16 quotes.
// Language model: --language-model general (pocketsphinx's en-us model), domain (the model
// `npm run build:voice-lm` built, decision 088), a path to a model file (its dictionary beside it,
// `x.lm.bin` → `x.dict`), or auto (default: what a call uses, domain when built). --dev-only decodes only the
// domain development sentences (synthetic, not the bench's four test sentences, not the real set):
// the set the domain model's weight is chosen on.
// Prints one JSON line per utterance and ONE summary object last. Options: --real-only, --synthetic-only,
// --dev-only, --modes file,before,pipeline,phone, --language-model auto|general|domain|PATH.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeWav } from '../../src/server/providers/audio/wav.ts';
import { resamplePcm16 } from '../../src/server/providers/audio/pcm.ts';
import { encodeMuLaw, PhoneAudioDecoder } from '../../src/server/providers/audio/phone-audio.ts';
import { FliteTts, type FliteVoice } from '../../src/server/providers/tts/flite-tts.ts';
import { isSphinxInstalled, SPHINX_DEFAULTS, SphinxStt } from '../../src/server/providers/stt/sphinx-stt.ts';
import { builtDomainLanguageModel, DOMAIN_DICTIONARY_PATH, DOMAIN_LANGUAGE_MODEL_PATH } from '../../src/server/providers/stt/language-model/domain-language-model.ts';
import { SileroVad } from '../../src/server/providers/vad/silero-vad.ts';
import { TurnDetector } from '../../src/server/modules/voice/turn-detector.ts';
import { DEFAULT_VOICE_CALL_SETTINGS } from '../../src/server/modules/voice/voice-call-settings.ts';

const { values } = parseArgs({
  options: {
    'real-only': { type: 'boolean', default: false },
    'synthetic-only': { type: 'boolean', default: false },
    'dev-only': { type: 'boolean', default: false },
    modes: { type: 'string' },
    'language-model': { type: 'string', default: 'auto' },
  },
});
/** auto: what a call uses — the domain model when it has been built, else the general one. */
const MODEL_CHOICE = values['language-model'] === 'auto' ? (builtDomainLanguageModel() ? 'domain' : 'general') : values['language-model'];
const LANGUAGE_MODEL =
  MODEL_CHOICE === 'general'
    ? join(SPHINX_DEFAULTS.modelDir, 'en-us.lm.bin')
    : MODEL_CHOICE === 'domain'
      ? DOMAIN_LANGUAGE_MODEL_PATH
      : resolve(MODEL_CHOICE);
/** A built model's dictionary sits beside it (`x.lm.bin` → `x.dict`); the general model uses cmudict. */
const DICTIONARY =
  MODEL_CHOICE === 'general'
    ? join(SPHINX_DEFAULTS.modelDir, 'cmudict-en-us.dict')
    : MODEL_CHOICE === 'domain'
      ? DOMAIN_DICTIONARY_PATH
      : LANGUAGE_MODEL.replace(/\.lm\.bin$/, '.dict');
if (!existsSync(LANGUAGE_MODEL) || !existsSync(DICTIONARY)) {
  console.error(`No language model at ${LANGUAGE_MODEL} or no dictionary at ${DICTIONARY} (run npm run build:voice-lm for the domain model)`);
  process.exit(1);
}
/** --modes before,pipeline,phone: only these (each set keeps the modes it has). */
const onlyModes = values.modes ? new Set(values.modes.split(',')) : null;
const SPEECH_DIR = resolve(import.meta.dirname, '../../../shared/data/speech');
const SENTENCES = [
  'I need food and a place to sleep tonight.',
  'I need a place to sleep.',
  'Where can I get a free meal in Oakland?',
  'My kids and I need a shelter in San Francisco.',
];
/**
 * Development sentences for choosing the domain model's weight: what callers say, written for this
 * purpose (not taken from the domain text, not the test sentences above).
 */
const DEV_SENTENCES = [
  'Is there a food bank open today in Hayward?',
  'I got kicked out of my apartment and I have two kids.',
  'Can I talk to somebody about my rent?',
  'My zip code is nine four six zero one.',
  'I need a doctor but I do not have insurance.',
  'Where can I take a shower in San Jose?',
];
const DEV_VOICES: FliteVoice[] = ['slt', 'rms', 'awb'];
const FLITE_VOICES: FliteVoice[] = ['slt', 'kal16', 'rms', 'awb'];
const ESPEAK_VOICES = [
  { voice: 'en-us', wordsPerMinute: 150 },
  { voice: 'en-us+f3', wordsPerMinute: 190 },
];

interface Utterance {
  id: string;
  reference: string;
  samples: Int16Array;
}

/** The set's normalisation (its README): lowercase, hyphens to spaces, only a–z 0–9 ' and space. */
function normalise(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/-/g, ' ')
    .replace(/[^a-z0-9' ]/g, '')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word !== '');
}

/** Substitutions + deletions + insertions between two word lists. */
function editDistance(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let row = 1; row <= reference.length; row++) {
    const current = [row];
    for (let column = 1; column <= hypothesis.length; column++) {
      const same = reference[row - 1] === hypothesis[column - 1];
      current[column] = Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, (previous[column - 1] ?? 0) + (same ? 0 : 1));
    }
    previous = current;
  }
  return previous[hypothesis.length] ?? 0;
}

// A busy machine decodes slower than real time: long recordings get a long wait.
const sphinx = new SphinxStt({ maxConcurrent: 1, timeoutMs: 300_000, languageModel: LANGUAGE_MODEL, dictionary: DICTIONARY });
const vad = new SileroVad();

async function decodeBatch(samples: Int16Array): Promise<string> {
  return sphinx.transcribe({ samples, sampleRate: 16_000 }, new AbortController().signal);
}

/** A call's way: gain, Silero VAD turns, each decoded live; the words of all turns joined. */
async function decodePipeline(samples: Int16Array): Promise<string> {
  const detector = await vad.createDetector();
  const words: Promise<string>[] = [];
  let recognition: ReturnType<SphinxStt['startRecognition']> | null = null;
  const turns = new TurnDetector({
    detector,
    settings: DEFAULT_VOICE_CALL_SETTINGS,
    events: {
      onSpeechStart: () => {},
      onTurnAudio: (frame, first) => {
        if (first) recognition = sphinx.startRecognition();
        recognition?.push(frame);
      },
      onTurnEnd: () => {
        if (recognition) words.push(recognition.finish(new AbortController().signal).then((result) => result.text));
        recognition = null;
      },
    },
  });
  // The recording, then the silence a caller leaves before the reply.
  const padded = new Int16Array(samples.length + 16_000);
  padded.set(samples);
  for (let offset = 0; offset < padded.length; offset += 320) {
    turns.push(padded.subarray(offset, offset + 320));
    await turns.idle();
  }
  turns.close();
  const heard = await Promise.all(words);
  return heard.filter((text) => text !== '').join(' ');
}

/** The telephone path: 8 kHz, μ-law, 20 ms frames, back to 16 kHz as the phone line does. */
function throughThePhone(samples: Int16Array): Int16Array {
  const narrow = encodeMuLaw(resamplePcm16({ samples, sampleRate: 16_000 }, 8_000));
  const decoder = new PhoneAudioDecoder();
  const parts: Int16Array[] = [];
  for (let offset = 0; offset < narrow.length; offset += 160) parts.push(decoder.push(narrow.subarray(offset, offset + 160)));
  return Int16Array.from(parts.flatMap((part) => Array.from(part)));
}

function wavAt16k(bytes: Uint8Array): Int16Array {
  return resamplePcm16(decodeWav(bytes), 16_000);
}

async function syntheticSet(): Promise<Utterance[]> {
  const utterances = await fliteSet('flite', FLITE_VOICES, SENTENCES);
  for (const { voice, wordsPerMinute } of ESPEAK_VOICES) {
    for (const [index, sentence] of SENTENCES.entries()) {
      const result = spawnSync('espeak-ng', ['-v', voice, '-s', String(wordsPerMinute), '--stdout', sentence], { maxBuffer: 16 * 1024 * 1024 });
      if (result.status !== 0) throw new Error(`espeak-ng failed: ${result.stderr}`);
      utterances.push({ id: `espeak-${voice}-${wordsPerMinute}-${index + 1}`, reference: sentence, samples: wavAt16k(result.stdout) });
    }
  }
  return utterances;
}

/** Every sentence in every Flite voice, as `${idPrefix}-${voice}-${n}`. */
async function fliteSet(idPrefix: string, voices: readonly FliteVoice[], sentences: readonly string[]): Promise<Utterance[]> {
  const utterances: Utterance[] = [];
  for (const voice of voices) {
    const flite = new FliteTts({ voice });
    for (const [index, sentence] of sentences.entries()) {
      const audio = await flite.synthesize(sentence, new AbortController().signal);
      utterances.push({ id: `${idPrefix}-${voice}-${index + 1}`, reference: sentence, samples: resamplePcm16(audio, 16_000) });
    }
    await flite.close();
  }
  return utterances;
}

function devSet(): Promise<Utterance[]> {
  return fliteSet('dev', DEV_VOICES, DEV_SENTENCES);
}

function realSet(): Utterance[] | string {
  const transcripts = join(SPEECH_DIR, 'transcripts.json');
  if (!existsSync(transcripts)) return `missing: ${transcripts} (and the recordings) are not on this machine`;
  const records = JSON.parse(readFileSync(transcripts, 'utf8')) as Array<{ file: string; text: string }>;
  const missing = records.filter((record) => !existsSync(join(SPEECH_DIR, record.file)));
  if (missing.length > 0) return `missing: ${missing.length} of ${records.length} recordings (${missing[0]?.file}, …)`;
  return records.map((record) => ({ id: record.file, reference: record.text, samples: wavAt16k(readFileSync(join(SPEECH_DIR, record.file))) }));
}

/** The real recordings decoded as files, all in one pocketsphinx_batch run (the README's baseline command). */
function decodeFiles(files: string[]): Map<string, string> {
  const folder = mkdtempSync(join(tmpdir(), 'ellis-wer-'));
  try {
    const control = join(folder, 'set.ctl');
    const hypotheses = join(folder, 'set.hyp');
    writeFileSync(control, `${files.map((file) => file.replace(/\.wav$/, '')).join('\n')}\n`);
    const result = spawnSync(
      SPHINX_DEFAULTS.binary,
      ['-adcin', 'yes', '-adchdr', '44', '-cepdir', SPEECH_DIR, '-cepext', '.wav', '-ctl', control, '-hyp', hypotheses, '-logfn', '/dev/null',
        '-hmm', join(SPHINX_DEFAULTS.modelDir, 'en-us'), '-lm', LANGUAGE_MODEL, '-dict', DICTIONARY],
      { stdio: 'ignore' },
    );
    if (result.status !== 0) throw new Error(`pocketsphinx_batch exited with ${result.status}`);
    const heard = new Map<string, string>();
    for (const line of readFileSync(hypotheses, 'utf8').split('\n')) {
      const match = /^(.*?)\s*\((\S+)\s+-?\d+\)$/.exec(line);
      if (match) heard.set(`${match[2]}.wav`, match[1] ?? '');
    }
    return heard;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

type Mode = 'before' | 'pipeline' | 'phone' | 'file';

async function score(set: string, utterances: Utterance[], allModes: Mode[]) {
  const modes = allModes.filter((mode) => !onlyModes || onlyModes.has(mode));
  const totals = Object.fromEntries(modes.map((mode) => [mode, { errors: 0, words: 0 }])) as Record<Mode, { errors: number; words: number }>;
  const fromFiles = modes.includes('file') ? decodeFiles(utterances.map((utterance) => utterance.id)) : null;
  for (const utterance of utterances) {
    const reference = normalise(utterance.reference);
    const row: Record<string, unknown> = { set, id: utterance.id, reference: reference.join(' ') };
    for (const mode of modes) {
      let hypothesis: string;
      try {
        hypothesis =
          mode === 'file'
            ? (fromFiles?.get(utterance.id) ?? '')
            : mode === 'before'
            ? await decodeBatch(utterance.samples)
            : await decodePipeline(mode === 'phone' ? throughThePhone(utterance.samples) : utterance.samples);
      } catch (error) {
        // Scored as nothing heard (every word an error), and said.
        hypothesis = '';
        row[`${mode}Failure`] = (error as Error).message;
      }
      const errors = editDistance(reference, normalise(hypothesis));
      totals[mode].errors += errors;
      totals[mode].words += reference.length;
      row[mode] = { hypothesis, errors };
    }
    console.log(JSON.stringify(row));
  }
  return Object.fromEntries(
    modes.map((mode) => [mode, { errors: totals[mode].errors, words: totals[mode].words, wer: Math.round((totals[mode].errors / Math.max(1, totals[mode].words)) * 1000) / 1000 }]),
  );
}

if (!isSphinxInstalled()) {
  console.log(JSON.stringify({ bench: 'voice/speech-recognition', skipped: 'pocketsphinx is not installed (apt-get install -y pocketsphinx pocketsphinx-en-us)' }));
  process.exit(0);
}

const summary: Record<string, unknown> = {
  bench: 'voice/speech-recognition',
  model: `pocketsphinx en-us acoustic model; language model ${MODEL_CHOICE} (${LANGUAGE_MODEL}, ${DICTIONARY})`,
};
if (values['dev-only']) {
  summary.dev = await score('dev', await devSet(), ['before', 'pipeline']);
  await sphinx.close();
  await vad.close();
  console.log(JSON.stringify(summary));
  process.exit(0);
}
if (!values['synthetic-only']) {
  const real = realSet();
  summary.real = typeof real === 'string' ? real : await score('real', real, ['file', 'before', 'pipeline']);
}
if (!values['real-only']) summary.synthetic = await score('synthetic', await syntheticSet(), ['before', 'pipeline', 'phone']);
await sphinx.close();
await vad.close();
console.log(JSON.stringify(summary));
process.exit(0);
